CREATE TABLE "app_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" varchar(64) NOT NULL,
	"resource" varchar(64) NOT NULL,
	"resource_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "center" (
	"center_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"address" text,
	"phone_number" varchar(20),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_schedule" (
	"schedule_id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"schedule_date" varchar(10) NOT NULL,
	"schedule_date_text" varchar(16) NOT NULL,
	"schedule_hour" smallint NOT NULL,
	"schedule_minute" smallint NOT NULL,
	"duration" smallint DEFAULT 90 NOT NULL,
	"teacher_id" integer,
	"academic_affair_id" integer,
	"room_id" integer,
	"center_id" integer,
	"student_id" integer,
	"is_attendance" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class" (
	"class_id" serial PRIMARY KEY NOT NULL,
	"class_name" varchar(255) NOT NULL,
	"class_type" varchar(16) NOT NULL,
	"teacher_id" integer,
	"academic_affair_id" integer,
	"center_id" integer,
	"room_id" integer,
	"product_id" integer,
	"product_item_id" integer,
	"teacher_salary" bigint DEFAULT 0 NOT NULL,
	"start_date" varchar(10),
	"class_schedule" text DEFAULT '[]' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "competition" (
	"competition_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"start_date" varchar(10),
	"end_date" varchar(10),
	"status" smallint DEFAULT 1 NOT NULL,
	"center_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount" (
	"discount_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"discount_percent" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment" (
	"enrollment_id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"total_lesson" integer NOT NULL,
	"total_lesson_learned" integer DEFAULT 0 NOT NULL,
	"total_lesson_promote" integer DEFAULT 0 NOT NULL,
	"total_discount_percent" smallint DEFAULT 0 NOT NULL,
	"discount_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examinee_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"examinee_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"score" integer NOT NULL,
	"grader_id" integer,
	"comment" text,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "type" (
	"type_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examinee" (
	"examinee_id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"user_id" integer,
	"full_name" varchar(255) NOT NULL,
	"birth_date" varchar(10),
	"type_id" integer,
	"topic_id" integer,
	"candidate_number" varchar(32) NOT NULL,
	"school" varchar(255),
	"contact" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"target_kind" varchar(16) NOT NULL,
	"target_user_id" integer,
	"target_type" varchar(32),
	"target_center_id" integer,
	"is_send" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"notification_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"setting_id" integer,
	"name" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"is_read" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"product_item_id" integer,
	"list_price" bigint NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"id" integer PRIMARY KEY NOT NULL,
	"resource" varchar(64) NOT NULL,
	"action" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_discount" (
	"product_id" integer NOT NULL,
	"discount_id" integer NOT NULL,
	CONSTRAINT "product_discount_product_id_discount_id_pk" PRIMARY KEY("product_id","discount_id")
);
--> statement-breakpoint
CREATE TABLE "product_item_variant" (
	"product_item_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	CONSTRAINT "product_item_variant_product_item_id_variant_id_pk" PRIMARY KEY("product_item_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "product_item" (
	"product_item_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" varchar(255),
	"total_lesson" integer NOT NULL,
	"price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"product_type_id" integer,
	"vendor_id" integer,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_area" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stable_version" varchar(64) NOT NULL,
	"stable_entry" text NOT NULL,
	"candidate_version" varchar(64),
	"candidate_entry" text,
	"rollout" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"guard_name" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room" (
	"room_id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"room_number" varchar(32),
	"capacity" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round" (
	"round_id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"order" smallint NOT NULL,
	"date" varchar(10),
	"max_score" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic" (
	"topic_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"phone_number" varchar(20),
	"status" smallint DEFAULT 1 NOT NULL,
	"type" varchar(32) NOT NULL,
	"role_id" integer NOT NULL,
	"center_id" integer,
	"last_time_login" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"banking_name" varchar(255),
	"banking_number" varchar(64),
	"about" text,
	"certificate" text,
	"information" text,
	"reference_name" varchar(255),
	"reference_phone" varchar(20),
	"reference_email" varchar(255),
	"birth_year" smallint,
	"birth_month" smallint,
	"birth_day" smallint,
	"source" varchar(32),
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "variant_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_group_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_schedule_id_class_schedule_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."class_schedule"("schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_class_id_class_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_teacher_id_user_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_academic_affair_id_user_id_fk" FOREIGN KEY ("academic_affair_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_room_id_room_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."room"("room_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_teacher_id_user_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_academic_affair_id_user_id_fk" FOREIGN KEY ("academic_affair_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_room_id_room_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."room"("room_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_product_item_id_product_item_product_item_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_item"("product_item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition" ADD CONSTRAINT "competition_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment" ADD CONSTRAINT "enrollment_class_id_class_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment" ADD CONSTRAINT "enrollment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment" ADD CONSTRAINT "enrollment_discount_id_discount_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("discount_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee_point" ADD CONSTRAINT "examinee_point_examinee_id_examinee_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("examinee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee_point" ADD CONSTRAINT "examinee_point_round_id_round_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."round"("round_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee_point" ADD CONSTRAINT "examinee_point_grader_id_user_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_competition_id_competition_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competition"("competition_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_type_id_type_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."type"("type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_topic_id_topic_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("topic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_target_center_id_center_center_id_fk" FOREIGN KEY ("target_center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_setting_id_notification_setting_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."notification_setting"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_enrollment_id_enrollment_enrollment_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollment"("enrollment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_class_id_class_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_product_item_id_product_item_product_item_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_item"("product_item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_discount" ADD CONSTRAINT "product_discount_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_discount" ADD CONSTRAINT "product_discount_discount_id_discount_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("discount_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_item_variant" ADD CONSTRAINT "product_item_variant_product_item_id_product_item_product_item_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_item"("product_item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_item_variant" ADD CONSTRAINT "product_item_variant_variant_id_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_item" ADD CONSTRAINT "product_item_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_vendor_id_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_permission_id_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room" ADD CONSTRAINT "room_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round" ADD CONSTRAINT "round_competition_id_competition_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competition"("competition_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_center_id_center_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."center"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant" ADD CONSTRAINT "variant_variant_group_id_variant_group_id_fk" FOREIGN KEY ("variant_group_id") REFERENCES "public"."variant_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "class_schedule_date_idx" ON "class_schedule" USING btree ("schedule_date");--> statement-breakpoint
CREATE INDEX "class_schedule_class_idx" ON "class_schedule" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "class_schedule_teacher_idx" ON "class_schedule" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "class_teacher_idx" ON "class" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "class_center_idx" ON "class" USING btree ("center_id");--> statement-breakpoint
CREATE INDEX "enrollment_user_idx" ON "enrollment" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enrollment_class_idx" ON "enrollment" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_point_unique" ON "examinee_point" USING btree ("examinee_id","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_candidate_unique" ON "examinee" USING btree ("competition_id","candidate_number");--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_created_idx" ON "order" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_resource_action_unique" ON "permission" USING btree ("resource","action");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_active_unique" ON "user" USING btree (lower("email")) WHERE "user"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_type_idx" ON "user" USING btree ("type");--> statement-breakpoint
CREATE INDEX "user_center_idx" ON "user" USING btree ("center_id");--> statement-breakpoint
CREATE INDEX "user_role_idx" ON "user" USING btree ("role_id");