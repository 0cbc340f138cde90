DROP INDEX "referral_paths_descendant_idx";--> statement-breakpoint
CREATE INDEX "referral_paths_descendant_depth_idx" ON "referral_paths" USING btree ("descendant_id","depth","ancestor_id");