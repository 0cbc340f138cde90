CREATE TABLE "card_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" bigint NOT NULL,
	"event" text NOT NULL,
	"owner_id" integer NOT NULL,
	"counterparty_id" integer,
	"price" numeric(38, 8) NOT NULL,
	"fuel_fee" numeric(38, 8),
	"entry_id" bigint,
	"related_card_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_history_event" CHECK ("card_history"."event" in ('bought', 'listed', 'auto_listed', 'withdrawn', 'sold', 'matched', 'split', 'split_from', 'renewed', 'auto_sell_on', 'auto_sell_off')),
	CONSTRAINT "card_history_price_positive" CHECK ("card_history"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_listings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" bigint NOT NULL,
	"card_type_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"card_price" numeric(38, 8) NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"platform_fee" numeric(38, 8) NOT NULL,
	"obtainable" numeric(38, 8) NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'listed' NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "card_listings_state" CHECK ("card_listings"."state" in ('listed', 'sold', 'withdrawn')),
	CONSTRAINT "card_listings_amounts" CHECK ("card_listings"."card_price" > 0 and "card_listings"."price" >= "card_listings"."card_price" and "card_listings"."platform_fee" >= 0 and "card_listings"."obtainable" >= 0),
	CONSTRAINT "card_listings_obtainable_within_price" CHECK ("card_listings"."platform_fee" + "card_listings"."obtainable" <= "card_listings"."price"),
	CONSTRAINT "card_listings_ended" CHECK (("card_listings"."state" = 'listed') = ("card_listings"."ended_at" is null))
);
--> statement-breakpoint
CREATE TABLE "card_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"card_type_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"platform_fee" numeric(38, 8) NOT NULL,
	"seller_obtained" numeric(38, 8) NOT NULL,
	"fuel_fee" numeric(38, 8) NOT NULL,
	"trade_points" numeric(38, 8) NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_matches_two_sides" CHECK ("card_matches"."seller_id" <> "card_matches"."buyer_id"),
	CONSTRAINT "card_matches_amounts" CHECK ("card_matches"."price" > 0 and "card_matches"."platform_fee" >= 0 and "card_matches"."seller_obtained" >= 0 and "card_matches"."platform_fee" + "card_matches"."seller_obtained" <= "card_matches"."price"
        and "card_matches"."fuel_fee" >= 0 and "card_matches"."trade_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"card_type_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"min_price" numeric(38, 8) NOT NULL,
	"max_price" numeric(38, 8) NOT NULL,
	"reserved_rusd" numeric(38, 8) NOT NULL,
	"reserved_fuel" numeric(38, 8) NOT NULL,
	"reserved_trade" numeric(38, 8) NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"entry_id" bigint NOT NULL,
	"release_entry_id" bigint,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "card_orders_state" CHECK ("card_orders"."state" in ('waiting', 'matching', 'completed', 'released', 'cancelled')),
	CONSTRAINT "card_orders_band" CHECK ("card_orders"."min_price" > 0 and "card_orders"."max_price" >= "card_orders"."min_price"),
	CONSTRAINT "card_orders_reserved" CHECK ("card_orders"."reserved_rusd" >= "card_orders"."max_price" and "card_orders"."reserved_fuel" >= 0 and "card_orders"."reserved_trade" >= 0),
	CONSTRAINT "card_orders_ended" CHECK (("card_orders"."state" in ('waiting', 'matching')) = ("card_orders"."ended_at" is null)),
	CONSTRAINT "card_orders_release_entry" CHECK (("card_orders"."state" in ('released', 'cancelled')) = ("card_orders"."release_entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_renewals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"list_by_before" timestamp with time zone NOT NULL,
	"list_by_after" timestamp with time zone NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_renewals_fee" CHECK ("card_renewals"."fee" >= 0 and ("card_renewals"."fee" = 0) = ("card_renewals"."entry_id" is null)),
	CONSTRAINT "card_renewals_later" CHECK ("card_renewals"."list_by_after" > "card_renewals"."list_by_before")
);
--> statement-breakpoint
CREATE TABLE "card_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_type_id" integer NOT NULL,
	"weekdays" integer NOT NULL,
	"open_minute" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"stock" integer NOT NULL,
	"per_user_cap" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"materialised_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_schedules_weekdays" CHECK ("card_schedules"."weekdays" between 1 and 127),
	CONSTRAINT "card_schedules_open_minute" CHECK ("card_schedules"."open_minute" between 0 and 1439),
	CONSTRAINT "card_schedules_duration" CHECK ("card_schedules"."duration_minutes" between 1 and 1440),
	CONSTRAINT "card_schedules_stock" CHECK ("card_schedules"."stock" >= 0),
	CONSTRAINT "card_schedules_per_user_cap" CHECK ("card_schedules"."per_user_cap" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "card_session_buyers" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bought" integer NOT NULL,
	CONSTRAINT "card_session_buyers_session_id_user_id_pk" PRIMARY KEY("session_id","user_id"),
	CONSTRAINT "card_session_buyers_bought_positive" CHECK ("card_session_buyers"."bought" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_type_id" integer NOT NULL,
	"schedule_id" integer,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"per_user_cap" integer NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_sessions_state" CHECK ("card_sessions"."state" in ('scheduled', 'open', 'closed', 'cancelled')),
	CONSTRAINT "card_sessions_window" CHECK ("card_sessions"."closes_at" > "card_sessions"."opens_at"),
	CONSTRAINT "card_sessions_stock" CHECK ("card_sessions"."sold" >= 0 and "card_sessions"."sold" <= "card_sessions"."stock"),
	CONSTRAINT "card_sessions_per_user_cap" CHECK ("card_sessions"."per_user_cap" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "card_split_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"leader_id" integer,
	"mode" text NOT NULL,
	"threshold" numeric(38, 8),
	"amount" numeric(38, 8),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_split_settings_mode" CHECK ("card_split_settings"."mode" in ('none', 'full', 'auto')),
	CONSTRAINT "card_split_settings_threshold" CHECK ("card_split_settings"."mode" = 'none' or "card_split_settings"."threshold" > 0),
	CONSTRAINT "card_split_settings_amount" CHECK (("card_split_settings"."mode" = 'auto') = ("card_split_settings"."amount" is not null) and coalesce("card_split_settings"."amount" > 0 and "card_split_settings"."amount" * 2 <= "card_split_settings"."threshold", true))
);
--> statement-breakpoint
CREATE TABLE "card_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'rusd' NOT NULL,
	"start_price" numeric(38, 8) NOT NULL,
	"price_step_bp" integer NOT NULL,
	"fuel_fee_bp" integer NOT NULL,
	"trade_points" numeric(38, 8) DEFAULT '0' NOT NULL,
	"hold_days" integer NOT NULL,
	"list_window_days" integer NOT NULL,
	"platform_fee_bp" integer NOT NULL,
	"obtainable_bp" integer NOT NULL,
	"renewal_fee_bp" integer NOT NULL,
	"per_user_cap" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_types_currency" CHECK ("card_types"."currency" = 'rusd'),
	CONSTRAINT "card_types_start_price_positive" CHECK ("card_types"."start_price" > 0),
	CONSTRAINT "card_types_trade_points_nonnegative" CHECK ("card_types"."trade_points" >= 0),
	CONSTRAINT "card_types_rates" CHECK ("card_types"."price_step_bp" between 0 and 100000 and "card_types"."fuel_fee_bp" between 0 and 10000 and "card_types"."platform_fee_bp" between 0 and 10000
        and "card_types"."obtainable_bp" between 0 and 10000 and "card_types"."obtainable_bp" + "card_types"."platform_fee_bp" <= 10000 and "card_types"."renewal_fee_bp" between 0 and 10000),
	CONSTRAINT "card_types_days" CHECK ("card_types"."hold_days" between 0 and 3650 and "card_types"."list_window_days" between 1 and 3650),
	CONSTRAINT "card_types_per_user_cap" CHECK ("card_types"."per_user_cap" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_type_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"purchase_price" numeric(38, 8) NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"fuel_fee" numeric(38, 8) NOT NULL,
	"origin" text NOT NULL,
	"session_id" integer,
	"state" text DEFAULT 'warehouse' NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"list_by" timestamp with time zone NOT NULL,
	"auto_sell" boolean DEFAULT false NOT NULL,
	"parent_card_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_state" CHECK ("cards"."state" in ('warehouse', 'listed', 'split')),
	CONSTRAINT "cards_origin" CHECK ("cards"."origin" in ('starter', 'market', 'split')),
	CONSTRAINT "cards_amounts" CHECK ("cards"."price" > 0 and "cards"."purchase_price" > 0 and "cards"."fuel_fee" >= 0),
	CONSTRAINT "cards_list_by_after_hold" CHECK ("cards"."list_by" >= "cards"."hold_until"),
	CONSTRAINT "cards_split_piece_has_parent" CHECK (("cards"."origin" = 'split') = ("cards"."parent_card_id" is not null)),
	CONSTRAINT "cards_starter_has_session" CHECK ("cards"."origin" = 'split' or "cards"."session_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_history" ADD CONSTRAINT "card_history_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_history" ADD CONSTRAINT "card_history_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_history" ADD CONSTRAINT "card_history_counterparty_id_users_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_history" ADD CONSTRAINT "card_history_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_listings" ADD CONSTRAINT "card_listings_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_listings" ADD CONSTRAINT "card_listings_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_listings" ADD CONSTRAINT "card_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_listing_id_card_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."card_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_session_id_card_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."card_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_matches" ADD CONSTRAINT "card_matches_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_session_id_card_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."card_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_release_entry_id_journal_entries_id_fk" FOREIGN KEY ("release_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_renewals" ADD CONSTRAINT "card_renewals_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_renewals" ADD CONSTRAINT "card_renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_renewals" ADD CONSTRAINT "card_renewals_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD CONSTRAINT "card_schedules_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD CONSTRAINT "card_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_session_buyers" ADD CONSTRAINT "card_session_buyers_session_id_card_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."card_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_session_buyers" ADD CONSTRAINT "card_session_buyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sessions" ADD CONSTRAINT "card_sessions_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sessions" ADD CONSTRAINT "card_sessions_schedule_id_card_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."card_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sessions" ADD CONSTRAINT "card_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_split_settings" ADD CONSTRAINT "card_split_settings_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_split_settings" ADD CONSTRAINT "card_split_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_types" ADD CONSTRAINT "card_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_session_id_card_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."card_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_parent_card_id_cards_id_fk" FOREIGN KEY ("parent_card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_history_card_idx" ON "card_history" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_history_owner_idx" ON "card_history" USING btree ("owner_id","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_listings_one_live_per_card" ON "card_listings" USING btree ("card_id") WHERE "card_listings"."state" = 'listed';--> statement-breakpoint
CREATE INDEX "card_listings_live_type_idx" ON "card_listings" USING btree ("card_type_id","id") WHERE "card_listings"."state" = 'listed';--> statement-breakpoint
CREATE INDEX "card_listings_live_price_idx" ON "card_listings" USING btree ("card_type_id","price","id") WHERE "card_listings"."state" = 'listed';--> statement-breakpoint
CREATE INDEX "card_listings_seller_idx" ON "card_listings" USING btree ("seller_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_listings_card_idx" ON "card_listings" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_matches_listing_key" ON "card_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_matches_order_key" ON "card_matches" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "card_matches_seller_idx" ON "card_matches" USING btree ("seller_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_matches_buyer_idx" ON "card_matches" USING btree ("buyer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_matches_card_idx" ON "card_matches" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_matches_session_idx" ON "card_matches" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "card_orders_waiting_idx" ON "card_orders" USING btree ("session_id","card_type_id","id") WHERE "card_orders"."state" in ('waiting', 'matching');--> statement-breakpoint
CREATE INDEX "card_orders_buyer_idx" ON "card_orders" USING btree ("buyer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_orders_state_idx" ON "card_orders" USING btree ("state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_renewals_card_idx" ON "card_renewals" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_renewals_user_idx" ON "card_renewals" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_schedules_type_idx" ON "card_schedules" USING btree ("card_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_sessions_schedule_opens_key" ON "card_sessions" USING btree ("schedule_id","opens_at");--> statement-breakpoint
CREATE INDEX "card_sessions_type_closes_idx" ON "card_sessions" USING btree ("card_type_id","closes_at");--> statement-breakpoint
CREATE INDEX "card_sessions_opens_idx" ON "card_sessions" USING btree ("opens_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_split_settings_leader_key" ON "card_split_settings" USING btree ("leader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_split_settings_one_default" ON "card_split_settings" USING btree (("leader_id" is null)) WHERE "card_split_settings"."leader_id" is null;--> statement-breakpoint
CREATE INDEX "cards_owner_idx" ON "cards" USING btree ("owner_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cards_warehouse_list_by_idx" ON "cards" USING btree ("card_type_id","list_by") WHERE "cards"."state" = 'warehouse';--> statement-breakpoint
CREATE INDEX "cards_auto_sell_idx" ON "cards" USING btree ("card_type_id","hold_until") WHERE "cards"."state" = 'warehouse' and "cards"."auto_sell";--> statement-breakpoint
CREATE INDEX "cards_parent_idx" ON "cards" USING btree ("parent_card_id") WHERE "cards"."parent_card_id" is not null;