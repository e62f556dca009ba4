ALTER TABLE "examinee_point" ALTER COLUMN "score" SET DATA TYPE numeric(7, 2);--> statement-breakpoint
ALTER TABLE "round" ALTER COLUMN "pass_score" SET DATA TYPE numeric(7, 2);--> statement-breakpoint
ALTER TABLE "round" ADD COLUMN "score_step" numeric(6, 2) DEFAULT 0.25 NOT NULL;