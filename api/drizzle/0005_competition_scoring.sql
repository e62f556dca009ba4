CREATE TABLE "competition_grader" (
	"competition_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "competition_grader_competition_id_topic_id_user_id_pk" PRIMARY KEY("competition_id","topic_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "competition" ADD COLUMN "candidate_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "round" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competition_grader" ADD CONSTRAINT "competition_grader_competition_id_competition_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competition"("competition_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_grader" ADD CONSTRAINT "competition_grader_topic_id_topic_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("topic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_grader" ADD CONSTRAINT "competition_grader_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_grader_user_idx" ON "competition_grader" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_student_topic_unique" ON "examinee" USING btree ("competition_id","user_id","topic_id") WHERE "examinee"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "round_order_unique" ON "round" USING btree ("competition_id","order");--> statement-breakpoint
-- events that already have examinees continue their numbering after them
UPDATE "competition" c SET "candidate_seq" = (SELECT count(*) FROM "examinee" e WHERE e."competition_id" = c."competition_id");
