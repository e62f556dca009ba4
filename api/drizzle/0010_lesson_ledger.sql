CREATE TABLE "lesson_ledger" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"lessons" integer NOT NULL,
	"schedule_id" integer,
	"order_id" integer,
	"reason" varchar(255),
	"actor_id" integer,
	"occurred_on" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "absence_costs_lesson" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "low_balance_threshold" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_ledger" ADD CONSTRAINT "lesson_ledger_enrollment_id_enrollment_enrollment_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollment"("enrollment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_ledger" ADD CONSTRAINT "lesson_ledger_schedule_id_class_schedule_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."class_schedule"("schedule_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_ledger" ADD CONSTRAINT "lesson_ledger_order_id_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_ledger" ADD CONSTRAINT "lesson_ledger_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_ledger_enrollment_idx" ON "lesson_ledger" USING btree ("enrollment_id","line_id");--> statement-breakpoint
CREATE INDEX "lesson_ledger_schedule_idx" ON "lesson_ledger" USING btree ("schedule_id");
--> statement-breakpoint
-- The history before the ledger, as lines, so that every balance is already the sum of its lines: each
-- enrolment's purchase (its total less its bonus) and its bonus, on the day it counts from. A removed
-- enrolment's lessons learned were frozen when it was removed: one opening line holds them. Any other
-- enrolment gets one line per session of its class it attended (a make-up session as such) and an opening
-- line for the lessons learned that no roll shows (its baseline: learned before the rolls were kept here,
-- or set by staff).
INSERT INTO "lesson_ledger" ("enrollment_id", "kind", "lessons", "order_id", "occurred_on", "created_at")
SELECT e."enrollment_id", 'purchased', e."total_lesson" - e."total_lesson_promote",
	(SELECT min(o."order_id") FROM "order" o WHERE o."enrollment_id" = e."enrollment_id"), e."start_date", e."created_at"
FROM "enrollment" e;
--> statement-breakpoint
INSERT INTO "lesson_ledger" ("enrollment_id", "kind", "lessons", "occurred_on", "created_at")
SELECT e."enrollment_id", 'bonus', e."total_lesson_promote", e."start_date", e."created_at"
FROM "enrollment" e WHERE e."total_lesson_promote" <> 0;
--> statement-breakpoint
INSERT INTO "lesson_ledger" ("enrollment_id", "kind", "lessons", "occurred_on", "created_at")
SELECT e."enrollment_id", 'opening', -e."total_lesson_learned", e."start_date", e."created_at"
FROM "enrollment" e WHERE e."status" = 3 AND e."total_lesson_learned" <> 0;
--> statement-breakpoint
INSERT INTO "lesson_ledger" ("enrollment_id", "kind", "lessons", "occurred_on", "created_at")
SELECT e."enrollment_id", 'opening', -e."lesson_baseline", e."start_date", e."created_at"
FROM "enrollment" e WHERE e."status" <> 3 AND e."lesson_baseline" <> 0;
--> statement-breakpoint
INSERT INTO "lesson_ledger" ("enrollment_id", "kind", "lessons", "schedule_id", "occurred_on", "created_at")
SELECT e."enrollment_id", CASE WHEN s."makeup_of" IS NULL THEN 'attended' ELSE 'makeup_attended' END, -1, s."schedule_id", s."schedule_date", a."updated_at"
FROM "enrollment" e
JOIN "class_schedule" s ON s."class_id" = e."class_id"
JOIN "attendance" a ON a."schedule_id" = s."schedule_id" AND a."user_id" = e."user_id" AND a."status" = 'present'
WHERE e."status" <> 3;
--> statement-breakpoint
-- The cached columns, recounted from the lines (a learned count the old recount held at 0 now shows its lines).
UPDATE "enrollment" e SET
	"total_lesson" = t."credit",
	"total_lesson_learned" = t."learned",
	"total_lesson_promote" = t."bonus"
FROM (
	SELECT l."enrollment_id",
		sum(CASE WHEN l."kind" IN ('opening', 'attended', 'makeup_attended', 'absence_charged', 'roll_corrected', 'learned_corrected') THEN 0 ELSE l."lessons" END)::int AS "credit",
		-sum(CASE WHEN l."kind" IN ('opening', 'attended', 'makeup_attended', 'absence_charged', 'roll_corrected', 'learned_corrected') THEN l."lessons" ELSE 0 END)::int AS "learned",
		sum(CASE WHEN l."kind" = 'bonus' THEN l."lessons" ELSE 0 END)::int AS "bonus"
	FROM "lesson_ledger" l GROUP BY l."enrollment_id"
) t
WHERE t."enrollment_id" = e."enrollment_id";
--> statement-breakpoint
-- The baseline is an opening line now: one truth for lessons learned.
ALTER TABLE "enrollment" DROP COLUMN "lesson_baseline";
