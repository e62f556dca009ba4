CREATE TABLE "room_dirty_month" (
	"room_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	CONSTRAINT "room_dirty_month_room_id_month_pk" PRIMARY KEY("room_id","month")
);
--> statement-breakpoint
CREATE TABLE "room_month_rollup" (
	"month" varchar(7) NOT NULL,
	"room_id" integer NOT NULL,
	"center_id" integer,
	"weekday" smallint NOT NULL,
	"start" integer NOT NULL,
	"duration" integer NOT NULL,
	"sessions" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "room_month_rollup_month_idx" ON "room_month_rollup" USING btree ("month");--> statement-breakpoint
CREATE INDEX "room_month_rollup_room_idx" ON "room_month_rollup" USING btree ("room_id","month");--> statement-breakpoint
-- A session written in a room (made, removed, or moved in room, day, time or length) notes the room's month,
-- before and after the write: those roll-up rows are summed again at the next refresh.
CREATE FUNCTION note_room_rollup_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."room_id" IS NOT NULL THEN
    INSERT INTO "room_dirty_month" ("room_id", "month") VALUES (OLD."room_id", left(OLD."schedule_date", 7)) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."room_id" IS NOT NULL THEN
    INSERT INTO "room_dirty_month" ("room_id", "month") VALUES (NEW."room_id", left(NEW."schedule_date", 7)) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER class_schedule_room_rollups AFTER INSERT OR DELETE ON "class_schedule" FOR EACH ROW EXECUTE FUNCTION note_room_rollup_change();
--> statement-breakpoint
-- (an update of what the roll-up does not hold, a roll's marks above all, notes nothing)
CREATE TRIGGER class_schedule_room_rollups_update AFTER UPDATE ON "class_schedule" FOR EACH ROW
WHEN ((OLD."room_id", OLD."center_id", OLD."schedule_date", OLD."schedule_hour", OLD."schedule_minute", OLD."duration")
      IS DISTINCT FROM (NEW."room_id", NEW."center_id", NEW."schedule_date", NEW."schedule_hour", NEW."schedule_minute", NEW."duration"))
EXECUTE FUNCTION note_room_rollup_change();
--> statement-breakpoint
-- Sums the noted room-months again from the sessions, one refresh at a time (as refresh_attendance_rollups).
CREATE FUNCTION refresh_room_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  room_ids integer[];
  months varchar[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "room_dirty_month") THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('refresh_room_rollups'));
  WITH noted AS (DELETE FROM "room_dirty_month" RETURNING "room_id", "month")
  SELECT array_agg("room_id"), array_agg("month") INTO room_ids, months FROM noted;
  IF room_ids IS NOT NULL THEN
    DELETE FROM "room_month_rollup" r USING unnest(room_ids, months) AS k(room_id, month) WHERE r."room_id" = k.room_id AND r."month" = k.month;
    INSERT INTO "room_month_rollup" ("month", "room_id", "center_id", "weekday", "start", "duration", "sessions")
    SELECT k.month, s."room_id", s."center_id", extract(isodow FROM s."schedule_date"::date)::smallint,
           s."schedule_hour" * 60 + s."schedule_minute", s."duration", count(*)::int
    FROM unnest(room_ids, months) AS k(room_id, month)
    JOIN "class_schedule" s ON s."room_id" = k.room_id AND s."schedule_date" BETWEEN k.month || '-01' AND k.month || '-31'
    GROUP BY k.month, s."room_id", s."center_id", 4, 5, s."duration";
  END IF;
END $$;
--> statement-breakpoint
-- The roll-up of the sessions held so far.
INSERT INTO "room_dirty_month" ("room_id", "month") SELECT DISTINCT "room_id", left("schedule_date", 7) FROM "class_schedule" WHERE "room_id" IS NOT NULL;
--> statement-breakpoint
SELECT refresh_room_rollups();
