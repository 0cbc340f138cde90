CREATE TABLE "airdrop_referrer_claims" (
	"campaign_id" integer NOT NULL,
	"referrer_account" text NOT NULL,
	"claims" integer NOT NULL,
	CONSTRAINT "airdrop_referrer_claims_campaign_id_referrer_account_pk" PRIMARY KEY("campaign_id","referrer_account"),
	CONSTRAINT "airdrop_referrer_claims_positive" CHECK ("airdrop_referrer_claims"."claims" > 0)
);
--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "min_recharge_asset" text;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "min_recharge_amount" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "min_account_age_hours" integer;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "min_holding_asset" text;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "min_holding_amount" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "per_referrer_cap" integer;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "rules_set_by" integer;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD COLUMN "rules_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "owner_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "airdrop_referrer_claims" ADD CONSTRAINT "airdrop_referrer_claims_campaign_id_airdrop_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."airdrop_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD CONSTRAINT "airdrop_campaigns_rules_set_by_users_id_fk" FOREIGN KEY ("rules_set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD CONSTRAINT "airdrop_campaigns_min_recharge" CHECK (("airdrop_campaigns"."min_recharge_asset" is null) = ("airdrop_campaigns"."min_recharge_amount" is null) and coalesce("airdrop_campaigns"."min_recharge_amount" > 0, true));--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD CONSTRAINT "airdrop_campaigns_min_holding" CHECK (("airdrop_campaigns"."min_holding_asset" is null) = ("airdrop_campaigns"."min_holding_amount" is null) and coalesce("airdrop_campaigns"."min_holding_amount" > 0, true));--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD CONSTRAINT "airdrop_campaigns_min_account_age" CHECK (coalesce("airdrop_campaigns"."min_account_age_hours" > 0, true));--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD CONSTRAINT "airdrop_campaigns_per_referrer_cap" CHECK (coalesce("airdrop_campaigns"."per_referrer_cap" > 0, true));--> statement-breakpoint
-- Hand-written (decision 037): uploads already used as recharge vouchers become owner-only as well.
UPDATE "uploads" SET "owner_only" = true FROM "deposits" WHERE "deposits"."user_id" = "uploads"."owner_id" AND "deposits"."voucher_image" LIKE '/uploads/' || "uploads"."sha256" || '.%';
