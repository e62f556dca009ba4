CREATE TABLE "family_message_setting" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"quiet_start" varchar(5) DEFAULT '21:00' NOT NULL,
	"quiet_end" varchar(5) DEFAULT '07:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(20),
	"email" varchar(255),
	"preferred_channel" varchar(8) DEFAULT 'email' NOT NULL,
	"address_as" varchar(8) DEFAULT 'anh/chị' NOT NULL,
	"opted_out" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"center_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_template" (
	"kind" varchar(32) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_template_kind_channel_pk" PRIMARY KEY("kind","channel")
);
--> statement-breakpoint
CREATE TABLE "student_guardian" (
	"student_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"position" smallint DEFAULT 1 NOT NULL,
	"relationship" varchar(50),
	CONSTRAINT "student_guardian_student_id_guardian_id_pk" PRIMARY KEY("student_id","guardian_id")
);
--> statement-breakpoint
DROP INDEX "message_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "payment_reminder_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "overdue_notice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "session_reminder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "guardian_id" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "student_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "urgent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "route" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "provider_id" varchar(100);--> statement-breakpoint
ALTER TABLE "guardian" ADD CONSTRAINT "guardian_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardian" ADD CONSTRAINT "student_guardian_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardian" ADD CONSTRAINT "student_guardian_guardian_id_guardian_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardian"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_phone_idx" ON "guardian" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "guardian_email_idx" ON "guardian" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "student_guardian_guardian_idx" ON "student_guardian" USING btree ("guardian_id");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_guardian_id_guardian_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardian"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_outbox_students_idx" ON "message_outbox" USING gin ("student_ids");--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."status" in ('queued', 'sending', 'held');--> statement-breakpoint
CREATE INDEX "message_outbox_absence_session_idx" ON "message_outbox" USING btree (("payload"->>'schedule_id')) WHERE "message_outbox"."kind" in ('absence', 'absence_correction');--> statement-breakpoint
-- Each student's representative becomes their first guardian (the representative fields stay, kept equal to it).
ALTER TABLE "guardian" ADD COLUMN "from_student" integer;--> statement-breakpoint
INSERT INTO "guardian" ("name", "phone", "email", "preferred_channel", "center_id", "from_student")
SELECT coalesce(trim("reference_name"), ''), nullif(trim("reference_phone"), ''), nullif(trim("reference_email"), ''),
  CASE WHEN nullif(trim("reference_email"), '') IS NULL AND nullif(trim("reference_phone"), '') IS NOT NULL THEN 'zalo' ELSE 'email' END,
  "center_id", "id"
FROM "user"
WHERE "type" = 'student'
  AND (coalesce(trim("reference_name"), '') <> '' OR coalesce(trim("reference_phone"), '') <> '' OR coalesce(trim("reference_email"), '') <> '')
ORDER BY "id";--> statement-breakpoint
INSERT INTO "student_guardian" ("student_id", "guardian_id", "position")
SELECT "from_student", "id", 1 FROM "guardian" WHERE "from_student" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "guardian" DROP COLUMN "from_student";--> statement-breakpoint
-- The messages written before: one channel, one student.
UPDATE "message_outbox" SET "route" = jsonb_build_array(jsonb_build_object('channel', "channel", 'recipient', "recipient")),
  "student_ids" = CASE WHEN "student_id" IS NULL THEN '{}'::integer[] ELSE ARRAY["student_id"] END;--> statement-breakpoint
INSERT INTO "family_message_setting" ("id") VALUES (1);
