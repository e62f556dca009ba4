CREATE TABLE "calendar_feed" (
	"kind" varchar(8) NOT NULL,
	"owner_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_kind_owner_id_pk" PRIMARY KEY("kind","owner_id")
);
--> statement-breakpoint
CREATE TABLE "cancelled_session" (
	"schedule_id" integer PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"schedule_date" varchar(10) NOT NULL,
	"schedule_hour" smallint NOT NULL,
	"schedule_minute" smallint NOT NULL,
	"duration" smallint NOT NULL,
	"teacher_id" integer,
	"room_id" integer,
	"student_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cancelled_session_date_idx" ON "cancelled_session" USING btree ("schedule_date");