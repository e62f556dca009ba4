CREATE INDEX "enrollment_start_idx" ON "enrollment" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "enrollment_ended_idx" ON "enrollment" USING btree ("ended_on");