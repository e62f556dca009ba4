CREATE TABLE "payment" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"method" varchar(16) NOT NULL,
	"paid_on" varchar(10) NOT NULL,
	"receipt_center_id" integer NOT NULL,
	"receipt_year" smallint NOT NULL,
	"receipt_seq" integer NOT NULL,
	"receipt_no" varchar(32) NOT NULL,
	"note" varchar(255),
	"received_by" integer,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"void_reason" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counter" (
	"center_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "receipt_counter_center_id_year_pk" PRIMARY KEY("center_id","year")
);
--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "payment_due_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "bank_bin" varchar(6);--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "bank_account_number" varchar(19);--> statement-breakpoint
ALTER TABLE "center" ADD COLUMN "bank_account_name" varchar(100);--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "due_date" varchar(10);--> statement-breakpoint
-- existing orders are due a week after they were made, on the operator's clock (the default rule)
UPDATE "order" SET "due_date" = to_char(("created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh') + interval '7 days', 'YYYY-MM-DD');--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "due_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_received_by_user_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_voided_by_user_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_order_idx" ON "payment" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipt_unique" ON "payment" USING btree ("receipt_center_id","receipt_year","receipt_seq");--> statement-breakpoint
CREATE INDEX "payment_paid_on_idx" ON "payment" USING btree ("paid_on");--> statement-breakpoint
CREATE INDEX "order_due_idx" ON "order" USING btree ("status","due_date");
--> statement-breakpoint
-- An order marked paid before payments were kept gets one payment of its amount, in cash, on the day it
-- was made, with a receipt number of its centre's series for that year (in the orders' order), so that
-- "paid" is again "its payments reach its amount".
INSERT INTO "payment" ("order_id", "amount", "method", "paid_on", "receipt_center_id", "receipt_year", "receipt_seq", "receipt_no", "note", "created_at")
SELECT p."order_id", p."amount", 'cash', p."paid_on", p."center_id", p."year", p."seq",
	'PT-' || p."center_id" || '-' || p."year" || '-' || lpad(p."seq"::text, 5, '0'), 'Đã thu trước khi có sổ thu', p."created_at"
FROM (
	SELECT o."order_id", o."amount", o."created_at",
		to_char(o."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD') AS "paid_on",
		coalesce(c."center_id", 0) AS "center_id",
		extract(year FROM o."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::int AS "year",
		row_number() OVER (PARTITION BY coalesce(c."center_id", 0), extract(year FROM o."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh') ORDER BY o."order_id")::int AS "seq"
	FROM "order" o LEFT JOIN "class" c ON c."class_id" = o."class_id"
	WHERE o."status" = 'paid'
) p;
--> statement-breakpoint
UPDATE "order" o SET "paid_amount" = o."amount" WHERE o."status" = 'paid';
--> statement-breakpoint
INSERT INTO "receipt_counter" ("center_id", "year", "last_seq")
SELECT "receipt_center_id", "receipt_year", max("receipt_seq") FROM "payment" GROUP BY "receipt_center_id", "receipt_year";
