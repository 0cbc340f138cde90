CREATE TABLE "lakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_asset" text NOT NULL,
	"quote_asset" text NOT NULL,
	"fee_rate" numeric(10, 8) NOT NULL,
	"burn_share" numeric(10, 8) NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lakes_distinct_assets" CHECK ("lakes"."base_asset" <> "lakes"."quote_asset"),
	CONSTRAINT "lakes_rates" CHECK ("lakes"."fee_rate" >= 0 and "lakes"."fee_rate" < 1 and "lakes"."burn_share" >= 0 and "lakes"."burn_share" <= 1)
);
--> statement-breakpoint
CREATE TABLE "price_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lake_id" integer NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"kind" text NOT NULL,
	"volume_quote" numeric(38, 8) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_points_kind" CHECK ("price_points"."kind" in ('swap', 'sample'))
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lake_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"asset_in" text NOT NULL,
	"amount_in" numeric(38, 8) NOT NULL,
	"asset_out" text NOT NULL,
	"amount_out" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"burn" numeric(38, 8) NOT NULL,
	"volume_quote" numeric(38, 8) NOT NULL,
	"price_after" numeric(38, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_nonnegative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "may_go_negative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing operator adjustment accounts hold minus what operators put in: mark them before the check.
UPDATE "ledger_accounts" SET "may_go_negative" = true WHERE "system_key" = 'adjustment';--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_lake_id_lakes_id_fk" FOREIGN KEY ("lake_id") REFERENCES "public"."lakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_lake_id_lakes_id_fk" FOREIGN KEY ("lake_id") REFERENCES "public"."lakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lakes_pair_key" ON "lakes" USING btree ("base_asset","quote_asset");--> statement-breakpoint
CREATE UNIQUE INDEX "lakes_one_main" ON "lakes" USING btree ("main") WHERE "lakes"."main";--> statement-breakpoint
CREATE INDEX "price_points_lake_created_idx" ON "price_points" USING btree ("lake_id","created_at");--> statement-breakpoint
CREATE INDEX "swaps_lake_id_idx" ON "swaps" USING btree ("lake_id","id");--> statement-breakpoint
CREATE INDEX "swaps_lake_created_idx" ON "swaps" USING btree ("lake_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_nonnegative" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_users_never_negative" CHECK ("ledger_accounts"."user_id" is null or not "ledger_accounts"."may_go_negative");