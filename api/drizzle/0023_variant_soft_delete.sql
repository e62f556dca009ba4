ALTER TABLE "variant_group" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "variant" ADD COLUMN "deleted_at" timestamp with time zone;