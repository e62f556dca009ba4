CREATE TABLE "absence_month_rollup" (
	"month" varchar(7) NOT NULL,
	"class_id" integer NOT NULL,
	"teacher_id" integer,
	"center_id" integer,
	"user_id" integer NOT NULL,
	"absences" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_day_rollup" (
	"day" varchar(10) NOT NULL,
	"center_id" integer,
	"sessions" integer NOT NULL,
	"marked" integer NOT NULL,
	"present" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_dirty_class_month" (
	"class_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	CONSTRAINT "attendance_dirty_class_month_class_id_month_pk" PRIMARY KEY("class_id","month")
);
--> statement-breakpoint
CREATE TABLE "attendance_dirty_day" (
	"day" varchar(10) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_month_rollup" (
	"month" varchar(7) NOT NULL,
	"class_id" integer NOT NULL,
	"teacher_id" integer,
	"center_id" integer,
	"sessions" integer NOT NULL,
	"minutes" integer NOT NULL,
	"marked" integer NOT NULL,
	"present" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "absence_month_rollup_month_idx" ON "absence_month_rollup" USING btree ("month","center_id");--> statement-breakpoint
CREATE INDEX "absence_month_rollup_class_idx" ON "absence_month_rollup" USING btree ("class_id","month");--> statement-breakpoint
CREATE INDEX "attendance_day_rollup_day_idx" ON "attendance_day_rollup" USING btree ("day","center_id");--> statement-breakpoint
CREATE INDEX "attendance_month_rollup_month_idx" ON "attendance_month_rollup" USING btree ("month","center_id");--> statement-breakpoint
CREATE INDEX "attendance_month_rollup_class_idx" ON "attendance_month_rollup" USING btree ("class_id","month");--> statement-breakpoint
-- A write to a taken session (its roll, its marks' counts, its date, class, teacher or centre) notes its day and its
-- class's month, before and after the write: those roll-up rows are summed again at the next refresh.
CREATE FUNCTION note_attendance_rollup_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."is_attendance" = 1 THEN
    INSERT INTO "attendance_dirty_day" ("day") VALUES (OLD."schedule_date") ON CONFLICT DO NOTHING;
    INSERT INTO "attendance_dirty_class_month" ("class_id", "month") VALUES (OLD."class_id", left(OLD."schedule_date", 7)) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."is_attendance" = 1 THEN
    INSERT INTO "attendance_dirty_day" ("day") VALUES (NEW."schedule_date") ON CONFLICT DO NOTHING;
    INSERT INTO "attendance_dirty_class_month" ("class_id", "month") VALUES (NEW."class_id", left(NEW."schedule_date", 7)) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER class_schedule_attendance_rollups AFTER INSERT OR UPDATE OR DELETE ON "class_schedule" FOR EACH ROW EXECUTE FUNCTION note_attendance_rollup_change();
--> statement-breakpoint
-- Sums the noted days and class-months again from the sessions (and their absences). One refresh at a time (two
-- API instances: the second waits, then finds nothing left to sum); a write during a refresh notes its rows again.
CREATE FUNCTION refresh_attendance_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  days varchar[];
  class_ids integer[];
  months varchar[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "attendance_dirty_day") AND NOT EXISTS (SELECT 1 FROM "attendance_dirty_class_month") THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('refresh_attendance_rollups'));

  WITH noted AS (DELETE FROM "attendance_dirty_day" RETURNING "day") SELECT array_agg("day") INTO days FROM noted;
  IF days IS NOT NULL THEN
    DELETE FROM "attendance_day_rollup" WHERE "day" = ANY (days);
    INSERT INTO "attendance_day_rollup" ("day", "center_id", "sessions", "marked", "present")
    SELECT "schedule_date", "center_id", count(*)::int, sum("marks_total")::int, sum("marks_present")::int
    FROM "class_schedule" WHERE "is_attendance" = 1 AND "schedule_date" = ANY (days)
    GROUP BY "schedule_date", "center_id";
  END IF;

  WITH noted AS (DELETE FROM "attendance_dirty_class_month" RETURNING "class_id", "month")
  SELECT array_agg("class_id"), array_agg("month") INTO class_ids, months FROM noted;
  IF class_ids IS NOT NULL THEN
    DELETE FROM "attendance_month_rollup" r USING unnest(class_ids, months) AS k(class_id, month) WHERE r."class_id" = k.class_id AND r."month" = k.month;
    DELETE FROM "absence_month_rollup" r USING unnest(class_ids, months) AS k(class_id, month) WHERE r."class_id" = k.class_id AND r."month" = k.month;
    INSERT INTO "attendance_month_rollup" ("month", "class_id", "teacher_id", "center_id", "sessions", "minutes", "marked", "present")
    SELECT k.month, s."class_id", s."teacher_id", s."center_id", count(*)::int, sum(s."duration")::int, sum(s."marks_total")::int, sum(s."marks_present")::int
    FROM unnest(class_ids, months) AS k(class_id, month)
    JOIN "class_schedule" s ON s."class_id" = k.class_id AND s."schedule_date" BETWEEN k.month || '-01' AND k.month || '-31'
    WHERE s."is_attendance" = 1
    GROUP BY k.month, s."class_id", s."teacher_id", s."center_id";
    INSERT INTO "absence_month_rollup" ("month", "class_id", "teacher_id", "center_id", "user_id", "absences")
    SELECT k.month, s."class_id", s."teacher_id", s."center_id", a."user_id", count(*)::int
    FROM unnest(class_ids, months) AS k(class_id, month)
    JOIN "class_schedule" s ON s."class_id" = k.class_id AND s."schedule_date" BETWEEN k.month || '-01' AND k.month || '-31'
    JOIN "attendance" a ON a."schedule_id" = s."schedule_id" AND a."status" = 'absent'
    WHERE s."is_attendance" = 1
    GROUP BY k.month, s."class_id", s."teacher_id", s."center_id", a."user_id";
  END IF;
END $$;
--> statement-breakpoint
-- The roll-ups of the sessions taken so far.
INSERT INTO "attendance_dirty_day" ("day") SELECT DISTINCT "schedule_date" FROM "class_schedule" WHERE "is_attendance" = 1;
--> statement-breakpoint
INSERT INTO "attendance_dirty_class_month" ("class_id", "month") SELECT DISTINCT "class_id", left("schedule_date", 7) FROM "class_schedule" WHERE "is_attendance" = 1;
--> statement-breakpoint
SELECT refresh_attendance_rollups();
