CREATE TABLE "bank_column_mapping" (
	"bank_key" varchar(8) PRIMARY KEY NOT NULL,
	"date_column" varchar(100) NOT NULL,
	"amount_column" varchar(100) NOT NULL,
	"description_column" varchar(100) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_line" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"line_key" varchar(64) NOT NULL,
	"row_no" integer NOT NULL,
	"posted_on" varchar(10) NOT NULL,
	"amount" bigint NOT NULL,
	"description" varchar(500) NOT NULL,
	"status" varchar(12) NOT NULL,
	"problem" varchar(32),
	"order_id" integer,
	"payment_id" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement" (
	"statement_id" serial PRIMARY KEY NOT NULL,
	"center_id" integer,
	"bank_key" varchar(8) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"refund_id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"method" varchar(16),
	"lessons_unused" integer NOT NULL,
	"proposed_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(255),
	"refunded_on" varchar(10) NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_credit" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"refund_id" integer,
	"reason" varchar(255),
	"actor_id" integer,
	"occurred_on" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "renewal_lessons_on" varchar(8) DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "kind" varchar(16) DEFAULT 'enrollment' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "lessons" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "lessons_credited" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "credit_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "statement_line_id" integer;--> statement-breakpoint
ALTER TABLE "bank_column_mapping" ADD CONSTRAINT "bank_column_mapping_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_statement_id_bank_statement_statement_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statement"("statement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_order_id_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_payment_id_payment_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement" ADD CONSTRAINT "bank_statement_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement" ADD CONSTRAINT "bank_statement_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_enrollment_id_enrollment_enrollment_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollment"("enrollment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_credit" ADD CONSTRAINT "student_credit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_credit" ADD CONSTRAINT "student_credit_order_id_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_credit" ADD CONSTRAINT "student_credit_payment_id_payment_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_credit" ADD CONSTRAINT "student_credit_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_line_key_unique" ON "bank_statement_line" USING btree ("line_key");--> statement-breakpoint
CREATE INDEX "bank_statement_line_statement_idx" ON "bank_statement_line" USING btree ("statement_id","row_no");--> statement-breakpoint
CREATE INDEX "bank_statement_line_status_idx" ON "bank_statement_line" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bank_statement_created_idx" ON "bank_statement" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refund_enrollment_idx" ON "refund" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "refund_on_idx" ON "refund" USING btree ("refunded_on");--> statement-breakpoint
CREATE INDEX "student_credit_user_idx" ON "student_credit" USING btree ("user_id","line_id");--> statement-breakpoint
UPDATE "order" o SET "lessons" = pi."total_lesson" FROM "product_item" pi WHERE pi."product_item_id" = o."product_item_id";
