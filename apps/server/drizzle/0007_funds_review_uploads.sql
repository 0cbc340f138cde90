CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_sha256_format" CHECK ("uploads"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "uploads_mime" CHECK ("uploads"."mime" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
	CONSTRAINT "uploads_bytes_positive" CHECK ("uploads"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_review_consistent";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_tx_hash_format";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_consistent";--> statement-breakpoint
ALTER TABLE "bnb_charges" DROP CONSTRAINT "bnb_charges_amounts_positive";--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "tx_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ALTER COLUMN "amount_bnb" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ALTER COLUMN "price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ALTER COLUMN "rate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ALTER COLUMN "rusd" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paying_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paying_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_failure" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "method" text DEFAULT 'chain' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "voucher_image" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD COLUMN "usdt" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD COLUMN "confirmations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD COLUMN "checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
-- Hand-added: every BNB charge stored before this migration was written together with its credit.
UPDATE "bnb_charges" SET "status" = 'credited', "credited_at" = "created_at", "checked_at" = "created_at", "usdt" = trunc("amount_bnb" * "price", 8) WHERE "entry_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_owner_sha256_key" ON "uploads" USING btree ("owner_id","sha256");--> statement-breakpoint
CREATE INDEX "uploads_sha256_idx" ON "uploads" USING btree ("sha256");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paying_by_users_id_fk" FOREIGN KEY ("paying_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_status_id_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bnb_charges_user_id_idx" ON "bnb_charges" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bnb_charges_pending_idx" ON "bnb_charges" USING btree ("id") WHERE "bnb_charges"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('pending', 'paying', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_review_consistent" CHECK (case "withdrawals"."status"
        when 'pending' then "withdrawals"."settle_entry_id" is null and "withdrawals"."reviewed_at" is null and "withdrawals"."tx_hash" is null and "withdrawals"."reason" is null and "withdrawals"."paying_by" is null and "withdrawals"."paying_since" is null
        when 'paying' then "withdrawals"."settle_entry_id" is null and "withdrawals"."reviewed_at" is null and "withdrawals"."tx_hash" is null and "withdrawals"."reason" is null and "withdrawals"."paying_by" is not null and "withdrawals"."paying_since" is not null
        when 'approved' then "withdrawals"."settle_entry_id" is not null and "withdrawals"."reviewed_at" is not null and "withdrawals"."tx_hash" is not null and "withdrawals"."reason" is null
        else "withdrawals"."settle_entry_id" is not null and "withdrawals"."reviewed_at" is not null and "withdrawals"."reason" is not null and "withdrawals"."tx_hash" is null
      end);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method" CHECK ("deposits"."method" in ('chain', 'review'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_voucher_image_format" CHECK ("deposits"."voucher_image" is null or "deposits"."voucher_image" ~ '^/uploads/[0-9a-f]{64}[.](png|jpg|gif|webp)$');--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method_consistent" CHECK (case "deposits"."method"
        when 'chain' then "deposits"."tx_hash" is not null and "deposits"."voucher_image" is null and "deposits"."status" in ('pending', 'credited', 'failed')
        else "deposits"."amount" is not null and ("deposits"."tx_hash" is null) <> ("deposits"."voucher_image" is null) and "deposits"."status" in ('review', 'credited', 'rejected')
      end);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_review_recorded" CHECK ("deposits"."method" = 'chain' or "deposits"."status" = 'review' or ("deposits"."reviewed_at" is not null and "deposits"."reviewed_by" is not null));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('pending', 'credited', 'failed', 'review', 'rejected'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_tx_hash_format" CHECK ("deposits"."tx_hash" is null or "deposits"."tx_hash" ~ '^0x[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_consistent" CHECK (case "deposits"."status"
        when 'pending' then "deposits"."entry_id" is null and "deposits"."credited_at" is null and "deposits"."failure" is null
        when 'credited' then "deposits"."entry_id" is not null and "deposits"."credited_at" is not null and "deposits"."amount" is not null and "deposits"."failure" is null and "deposits"."reason" is null
        when 'failed' then "deposits"."entry_id" is null and "deposits"."credited_at" is null and "deposits"."failure" is not null
        when 'review' then "deposits"."entry_id" is null and "deposits"."credited_at" is null and "deposits"."reason" is null and "deposits"."reviewed_at" is null and "deposits"."reviewed_by" is null
        else "deposits"."entry_id" is null and "deposits"."credited_at" is null and "deposits"."reason" is not null and "deposits"."reviewed_at" is not null and "deposits"."reviewed_by" is not null
      end);--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD CONSTRAINT "bnb_charges_status" CHECK ("bnb_charges"."status" in ('pending', 'credited', 'failed'));--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD CONSTRAINT "bnb_charges_confirmations_nonnegative" CHECK ("bnb_charges"."confirmations" >= 0);--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD CONSTRAINT "bnb_charges_status_consistent" CHECK (case "bnb_charges"."status"
        when 'pending' then "bnb_charges"."entry_id" is null and "bnb_charges"."credited_at" is null and "bnb_charges"."failure" is null and "bnb_charges"."rusd" is null
        when 'credited' then "bnb_charges"."entry_id" is not null and "bnb_charges"."credited_at" is not null and "bnb_charges"."amount_bnb" is not null
          and "bnb_charges"."price" is not null and "bnb_charges"."rate" is not null and "bnb_charges"."usdt" is not null and "bnb_charges"."rusd" is not null and "bnb_charges"."failure" is null
        else "bnb_charges"."entry_id" is null and "bnb_charges"."credited_at" is null and "bnb_charges"."failure" is not null and "bnb_charges"."rusd" is null
      end);--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD CONSTRAINT "bnb_charges_amounts_positive" CHECK (("bnb_charges"."amount_bnb" is null or "bnb_charges"."amount_bnb" > 0) and ("bnb_charges"."rusd" is null or "bnb_charges"."rusd" > 0));