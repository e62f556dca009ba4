CREATE TABLE "message_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"recipient" varchar(255) NOT NULL,
	"student_id" integer,
	"payload" jsonb NOT NULL,
	"subject" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(500),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_idempotency_unique" ON "message_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "message_outbox_student_idx" ON "message_outbox" USING btree ("student_id","id");