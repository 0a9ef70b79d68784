CREATE INDEX "users_mobile_phone_idx" ON "users" USING btree ("mobile_phone");--> statement-breakpoint
CREATE INDEX "users_land_line_idx" ON "users" USING btree ("land_line");