ALTER TABLE "class_schedule" ADD COLUMN "marks_total" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "class_schedule" ADD COLUMN "marks_present" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The sessions' counts of marks, as they are: then kept by the trigger below on every write to the marks.
UPDATE "class_schedule" AS s SET "marks_total" = m.total, "marks_present" = m.present
FROM (SELECT "schedule_id", count(*)::int AS total, (count(*) FILTER (WHERE "status" = 'present'))::int AS present FROM "attendance" GROUP BY "schedule_id") AS m
WHERE m."schedule_id" = s."schedule_id";
--> statement-breakpoint
CREATE FUNCTION count_session_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "class_schedule" SET "marks_total" = "marks_total" - 1, "marks_present" = "marks_present" - (OLD."status" = 'present')::int WHERE "schedule_id" = OLD."schedule_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "class_schedule" SET "marks_total" = "marks_total" + 1, "marks_present" = "marks_present" + (NEW."status" = 'present')::int WHERE "schedule_id" = NEW."schedule_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_session_marks AFTER INSERT OR UPDATE OR DELETE ON "attendance" FOR EACH ROW EXECUTE FUNCTION count_session_marks();
--> statement-breakpoint
CREATE INDEX "attendance_absent_idx" ON "attendance" USING btree ("schedule_id","user_id") WHERE "attendance"."status" = 'absent';
--> statement-breakpoint
CREATE INDEX "class_schedule_taken_idx" ON "class_schedule" USING btree ("schedule_date","center_id","teacher_id","class_id","marks_total","marks_present","schedule_id") WHERE "class_schedule"."is_attendance" = 1;
--> statement-breakpoint
CREATE INDEX "order_class_of_idx" ON "order" USING btree ("order_id","class_id");
--> statement-breakpoint
CREATE INDEX "payment_collected_idx" ON "payment" USING btree ("paid_on","receipt_center_id","method","amount","order_id") WHERE "payment"."voided_at" is null;