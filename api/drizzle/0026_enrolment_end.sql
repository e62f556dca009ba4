ALTER TABLE "class" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "enrollment" ADD COLUMN "ended_on" varchar(10);--> statement-breakpoint
-- the enrolments already completed or removed ended on the operator's day (Asia/Ho_Chi_Minh) of their last
-- write, the best date there is for them; never before the day they started
UPDATE "enrollment" SET "ended_on" = GREATEST("start_date", to_char("updated_at" AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD')) WHERE "status" <> 1;
