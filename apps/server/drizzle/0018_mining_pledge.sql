CREATE TABLE "mining_bubbles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"miner_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"period" integer NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"asset" text NOT NULL,
	"ripe_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"collected_at" timestamp with time zone,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_bubbles_amount_positive" CHECK ("mining_bubbles"."amount" > 0),
	CONSTRAINT "mining_bubbles_collected" CHECK (("mining_bubbles"."collected_at" is null) = ("mining_bubbles"."entry_id" is null))
);
--> statement-breakpoint
CREATE TABLE "mining_holdings" (
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bought" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mining_holdings_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mining_miners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"paid_asset" text NOT NULL,
	"paid_amount" numeric(38, 8) NOT NULL,
	"period_days" integer NOT NULL,
	"daily_output" numeric(38, 8) NOT NULL,
	"total_output" numeric(38, 8) NOT NULL,
	"output_asset" text NOT NULL,
	"bubble_expiry_days" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"periods_created" integer DEFAULT 0 NOT NULL,
	"produced" numeric(38, 8) DEFAULT '0' NOT NULL,
	"next_period_at" timestamp with time zone,
	"status" text DEFAULT 'mining' NOT NULL,
	"paused_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_miners_quantity" CHECK ("mining_miners"."quantity" > 0),
	CONSTRAINT "mining_miners_produced" CHECK ("mining_miners"."produced" >= 0 and "mining_miners"."produced" <= "mining_miners"."total_output"),
	CONSTRAINT "mining_miners_status" CHECK ("mining_miners"."status" in ('mining', 'paused', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "mining_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"price_asset" text NOT NULL,
	"period_days" integer NOT NULL,
	"multiple" numeric(38, 8) NOT NULL,
	"daily_output" numeric(38, 8) NOT NULL,
	"output_asset" text NOT NULL,
	"per_user_limit" integer,
	"one_at_a_time" boolean DEFAULT false NOT NULL,
	"bubble_expiry_days" integer DEFAULT 7 NOT NULL,
	"status" text DEFAULT 'on_sale' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_products_price_positive" CHECK ("mining_products"."price" > 0),
	CONSTRAINT "mining_products_multiple_positive" CHECK ("mining_products"."multiple" > 0),
	CONSTRAINT "mining_products_daily_positive" CHECK ("mining_products"."daily_output" > 0),
	CONSTRAINT "mining_products_period" CHECK ("mining_products"."period_days" between 1 and 3650),
	CONSTRAINT "mining_products_output_asset" CHECK ("mining_products"."output_asset" in ('coin', 'mineral')),
	CONSTRAINT "mining_products_limit" CHECK (coalesce("mining_products"."per_user_limit" > 0, true)),
	CONSTRAINT "mining_products_expiry" CHECK ("mining_products"."bubble_expiry_days" between 1 and 3650),
	CONSTRAINT "mining_products_status" CHECK ("mining_products"."status" in ('on_sale', 'paused', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "pledge_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"asset" text NOT NULL,
	"interest_asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"principal" numeric(38, 8) NOT NULL,
	"annual_rate" numeric(12, 8) NOT NULL,
	"daily_interest" numeric(38, 8) NOT NULL,
	"cycle_days" integer NOT NULL,
	"dividend_at" timestamp with time zone NOT NULL,
	"unlock_at" timestamp with time zone NOT NULL,
	"release_days" integer NOT NULL,
	"interest_paid" integer DEFAULT 0 NOT NULL,
	"release_paid" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone,
	"status" text DEFAULT 'holding' NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_positions_amounts" CHECK ("pledge_positions"."principal" > 0 and "pledge_positions"."fee" >= 0 and "pledge_positions"."amount" = "pledge_positions"."principal" + "pledge_positions"."fee"),
	CONSTRAINT "pledge_positions_status" CHECK ("pledge_positions"."status" in ('holding', 'released'))
);
--> statement-breakpoint
CREATE TABLE "pledge_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_type" text NOT NULL,
	"asset" text NOT NULL,
	"interest_asset" text NOT NULL,
	"cycle_days" integer NOT NULL,
	"annual_rate" numeric(12, 8) NOT NULL,
	"min_lock" numeric(38, 8) NOT NULL,
	"max_per_user" numeric(38, 8) NOT NULL,
	"total_cap" numeric(38, 8) NOT NULL,
	"locked_total" numeric(38, 8) DEFAULT '0' NOT NULL,
	"fee_rate" numeric(12, 8) DEFAULT '0' NOT NULL,
	"sale_starts_at" timestamp with time zone NOT NULL,
	"sale_ends_at" timestamp with time zone NOT NULL,
	"dividend_at" timestamp with time zone NOT NULL,
	"unlock_at" timestamp with time zone NOT NULL,
	"release_days" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_products_cycle" CHECK ("pledge_products"."cycle_days" between 1 and 3650),
	CONSTRAINT "pledge_products_rate" CHECK ("pledge_products"."annual_rate" >= 0 and "pledge_products"."fee_rate" >= 0 and "pledge_products"."fee_rate" < 1),
	CONSTRAINT "pledge_products_bounds" CHECK ("pledge_products"."min_lock" > 0 and "pledge_products"."max_per_user" >= "pledge_products"."min_lock" and "pledge_products"."total_cap" >= "pledge_products"."min_lock"),
	CONSTRAINT "pledge_products_cap" CHECK ("pledge_products"."locked_total" >= 0 and "pledge_products"."locked_total" <= "pledge_products"."total_cap"),
	CONSTRAINT "pledge_products_window" CHECK ("pledge_products"."sale_ends_at" > "pledge_products"."sale_starts_at" and "pledge_products"."dividend_at" >= "pledge_products"."sale_ends_at"),
	CONSTRAINT "pledge_products_unlock" CHECK ("pledge_products"."unlock_at" = "pledge_products"."dividend_at" + make_interval(secs => "pledge_products"."cycle_days" * 86400)),
	CONSTRAINT "pledge_products_release" CHECK ("pledge_products"."release_days" between 0 and 3650),
	CONSTRAINT "pledge_products_status" CHECK ("pledge_products"."status" in ('active', 'paused', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "pledge_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"position_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_settlements_kind" CHECK ("pledge_settlements"."kind" in ('interest', 'release')),
	CONSTRAINT "pledge_settlements_amount" CHECK ("pledge_settlements"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mining_bubbles" ADD CONSTRAINT "mining_bubbles_miner_id_mining_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "public"."mining_miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_bubbles" ADD CONSTRAINT "mining_bubbles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_bubbles" ADD CONSTRAINT "mining_bubbles_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_holdings" ADD CONSTRAINT "mining_holdings_product_id_mining_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mining_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_holdings" ADD CONSTRAINT "mining_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_miners" ADD CONSTRAINT "mining_miners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_miners" ADD CONSTRAINT "mining_miners_product_id_mining_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mining_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_miners" ADD CONSTRAINT "mining_miners_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_products" ADD CONSTRAINT "mining_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_positions" ADD CONSTRAINT "pledge_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_positions" ADD CONSTRAINT "pledge_positions_product_id_pledge_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pledge_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_positions" ADD CONSTRAINT "pledge_positions_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_products" ADD CONSTRAINT "pledge_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_settlements" ADD CONSTRAINT "pledge_settlements_position_id_pledge_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."pledge_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_settlements" ADD CONSTRAINT "pledge_settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_settlements" ADD CONSTRAINT "pledge_settlements_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mining_bubbles_miner_period_key" ON "mining_bubbles" USING btree ("miner_id","period");--> statement-breakpoint
CREATE INDEX "mining_bubbles_user_idx" ON "mining_bubbles" USING btree ("user_id","ripe_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mining_miners_order_no_key" ON "mining_miners" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "mining_miners_user_idx" ON "mining_miners" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "mining_miners_user_product_idx" ON "mining_miners" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "pledge_positions_user_idx" ON "pledge_positions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "pledge_positions_user_product_idx" ON "pledge_positions" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_settlements_position_kind_period_key" ON "pledge_settlements" USING btree ("position_id","kind","period");--> statement-breakpoint
CREATE INDEX "pledge_settlements_user_idx" ON "pledge_settlements" USING btree ("user_id","id");