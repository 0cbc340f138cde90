CREATE TABLE "airdrop_allowlist" (
	"campaign_id" integer NOT NULL,
	"account" text NOT NULL,
	CONSTRAINT "airdrop_allowlist_campaign_id_account_pk" PRIMARY KEY("campaign_id","account"),
	CONSTRAINT "airdrop_allowlist_account_format" CHECK ("airdrop_allowlist"."account" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE "airdrop_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrop_campaigns_amount_positive" CHECK ("airdrop_campaigns"."amount" > 0),
	CONSTRAINT "airdrop_campaigns_window" CHECK ("airdrop_campaigns"."ends_at" > "airdrop_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "airdrop_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bnb_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"amount_bnb" numeric(38, 8) NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 8) NOT NULL,
	"rusd" numeric(38, 8) NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bnb_charges_tx_hash_format" CHECK ("bnb_charges"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "bnb_charges_amounts_positive" CHECK ("bnb_charges"."amount_bnb" > 0 and "bnb_charges"."rusd" > 0)
);
--> statement-breakpoint
ALTER TABLE "airdrop_allowlist" ADD CONSTRAINT "airdrop_allowlist_campaign_id_airdrop_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."airdrop_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_campaigns" ADD CONSTRAINT "airdrop_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_claims" ADD CONSTRAINT "airdrop_claims_campaign_id_airdrop_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."airdrop_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_claims" ADD CONSTRAINT "airdrop_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_claims" ADD CONSTRAINT "airdrop_claims_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD CONSTRAINT "bnb_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnb_charges" ADD CONSTRAINT "bnb_charges_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airdrop_campaigns_window_idx" ON "airdrop_campaigns" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "airdrop_claims_campaign_user_key" ON "airdrop_claims" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "airdrop_claims_user_id_idx" ON "airdrop_claims" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bnb_charges_tx_hash_key" ON "bnb_charges" USING btree ("tx_hash");