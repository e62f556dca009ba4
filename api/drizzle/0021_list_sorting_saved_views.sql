CREATE TABLE "saved_view" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"list_key" varchar(120) NOT NULL,
	"name" varchar(80) NOT NULL,
	"query" varchar(1000) NOT NULL,
	"shared_role_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_view" ADD CONSTRAINT "saved_view_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view" ADD CONSTRAINT "saved_view_shared_role_id_role_id_fk" FOREIGN KEY ("shared_role_id") REFERENCES "public"."role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_view_owner_list_name_unique" ON "saved_view" USING btree ("owner_id","list_key",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_view_list_role_idx" ON "saved_view" USING btree ("list_key","shared_role_id");--> statement-breakpoint
CREATE INDEX "class_name_idx" ON "class" USING btree ("class_name","class_id");--> statement-breakpoint
CREATE INDEX "class_start_date_idx" ON "class" USING btree ("start_date","class_id");--> statement-breakpoint
CREATE INDEX "notification_created_idx" ON "notification" USING btree ("created_at","notification_id");--> statement-breakpoint
CREATE INDEX "notification_sent_idx" ON "notification" USING btree ("sent_at","notification_id");--> statement-breakpoint
CREATE INDEX "product_name_idx" ON "product" USING btree ("name","product_id");--> statement-breakpoint
CREATE INDEX "user_type_live_name_idx" ON "user" USING btree ("type","name","id") WHERE "user"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_type_live_created_idx" ON "user" USING btree ("type","created_at","id") WHERE "user"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_type_live_login_idx" ON "user" USING btree ("type","last_time_login","id") WHERE "user"."deleted_at" is null;