ALTER TABLE "uploads" ADD COLUMN "owner_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (decision 037): uploads already used as recharge vouchers become owner-only as well.
UPDATE "uploads" SET "owner_only" = true FROM "deposits" WHERE "deposits"."user_id" = "uploads"."owner_id" AND "deposits"."voucher_image" LIKE '/uploads/' || "uploads"."sha256" || '.%';
