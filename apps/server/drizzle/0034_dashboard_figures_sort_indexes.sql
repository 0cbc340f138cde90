CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_level_id_idx" ON "users" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "postings_user_debit_created_idx" ON "postings" USING btree ("created_at") WHERE "postings"."user_id" is not null and "postings"."amount" < 0;