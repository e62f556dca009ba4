CREATE TABLE "remote_build" (
	"id" serial PRIMARY KEY NOT NULL,
	"area" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"entry" text NOT NULL,
	"manifest_digest" varchar(64),
	"released_by" integer,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_area" ADD COLUMN "previous_stable_version" varchar(64);--> statement-breakpoint
ALTER TABLE "remote_area" ADD COLUMN "previous_stable_entry" text;--> statement-breakpoint
ALTER TABLE "remote_area" ADD COLUMN "stable_from_file" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_build" ADD CONSTRAINT "remote_build_area_remote_area_name_fk" FOREIGN KEY ("area") REFERENCES "public"."remote_area"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_build" ADD CONSTRAINT "remote_build_released_by_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_build_area_version_unique" ON "remote_build" USING btree ("area","version");