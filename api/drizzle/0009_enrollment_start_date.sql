-- The date from which an enrolment counts (its sessions' rolls and lessons). Existing enrolments start on
-- the day they were made on the operator's clock (Asia/Ho_Chi_Minh, the default zone), or on the first
-- session the student already has attendance recorded for in that class when it is earlier (staff who
-- entered a running class took its past rolls), so that every roll already taken still lists its students.
ALTER TABLE "enrollment" ADD COLUMN "start_date" varchar(10);
--> statement-breakpoint
UPDATE "enrollment" e SET "start_date" = LEAST(
	to_char(e."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD'),
	(SELECT min(s."schedule_date") FROM "attendance" a JOIN "class_schedule" s ON s."schedule_id" = a."schedule_id" WHERE s."class_id" = e."class_id" AND a."user_id" = e."user_id")
);
--> statement-breakpoint
ALTER TABLE "enrollment" ALTER COLUMN "start_date" SET NOT NULL;
