CREATE TABLE "holiday" (
	"holiday_id" serial PRIMARY KEY NOT NULL,
	"center_id" integer,
	"date" varchar(10) NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "makeup_student" (
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "makeup_student_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
DROP INDEX "class_schedule_class_idx";--> statement-breakpoint
DROP INDEX "class_schedule_teacher_idx";--> statement-breakpoint
ALTER TABLE "class_schedule" ADD COLUMN "makeup_of" integer;--> statement-breakpoint
ALTER TABLE "enrollment" ADD COLUMN "lesson_baseline" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "holiday" ADD CONSTRAINT "holiday_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_student" ADD CONSTRAINT "makeup_student_schedule_id_class_schedule_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."class_schedule"("schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_student" ADD CONSTRAINT "makeup_student_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_center_date_unique" ON "holiday" USING btree (coalesce("center_id", 0),"date");--> statement-breakpoint
CREATE INDEX "makeup_student_user_idx" ON "makeup_student" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_makeup_of_class_schedule_schedule_id_fk" FOREIGN KEY ("makeup_of") REFERENCES "public"."class_schedule"("schedule_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_schedule_room_idx" ON "class_schedule" USING btree ("room_id","schedule_date");--> statement-breakpoint
CREATE INDEX "class_schedule_class_idx" ON "class_schedule" USING btree ("class_id","schedule_date");--> statement-breakpoint
CREATE INDEX "class_schedule_teacher_idx" ON "class_schedule" USING btree ("teacher_id","schedule_date");--> statement-breakpoint
-- lessons learned so far that no attendance record explains stay counted: learned = baseline + sessions attended
UPDATE "enrollment" e SET "lesson_baseline" = e."total_lesson_learned" - (
	SELECT count(*) FROM "attendance" a JOIN "class_schedule" s ON s."schedule_id" = a."schedule_id"
	WHERE s."class_id" = e."class_id" AND a."user_id" = e."user_id" AND a."status" = 'present'
);
