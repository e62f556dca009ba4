ALTER TABLE "class_schedule" ADD COLUMN "original_teacher_id" integer;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD COLUMN "substitute_set_by" integer;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD COLUMN "substitute_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_original_teacher_id_user_id_fk" FOREIGN KEY ("original_teacher_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedule" ADD CONSTRAINT "class_schedule_substitute_set_by_user_id_fk" FOREIGN KEY ("substitute_set_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;