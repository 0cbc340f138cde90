CREATE TABLE "game_free_spins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"spins" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_free_spins_spins" CHECK ("game_free_spins"."spins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_raffle" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"segments" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_raffle_one_row" CHECK ("game_raffle"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"seed_id" bigint NOT NULL,
	"game" text NOT NULL,
	"asset" text NOT NULL,
	"stake" numeric(38, 8) NOT NULL,
	"payout" numeric(38, 8) NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"result" jsonb NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rounds_game" CHECK ("game_rounds"."game" in ('blind_box', 'slot', 'raffle')),
	CONSTRAINT "game_rounds_amounts" CHECK ("game_rounds"."payout" >= 0 and ("game_rounds"."stake" > 0 or ("game_rounds"."game" = 'raffle' and "game_rounds"."stake" = 0))),
	CONSTRAINT "game_rounds_entry" CHECK ("game_rounds"."entry_id" is not null or ("game_rounds"."game" = 'raffle' and "game_rounds"."payout" = 0))
);
--> statement-breakpoint
CREATE TABLE "game_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "game_seeds_nonce" CHECK ("game_seeds"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_settings" (
	"game" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"assets" jsonb NOT NULL,
	"min_stake" numeric(38, 8) NOT NULL,
	"max_stake" numeric(38, 8) NOT NULL,
	"daily_limit" numeric(38, 8) NOT NULL,
	"rtp" numeric(6, 4) NOT NULL,
	"paytable" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_settings_game" CHECK ("game_settings"."game" in ('blind_box', 'slot')),
	CONSTRAINT "game_settings_stakes" CHECK ("game_settings"."min_stake" > 0 and "game_settings"."max_stake" >= "game_settings"."min_stake" and "game_settings"."daily_limit" >= "game_settings"."max_stake"),
	CONSTRAINT "game_settings_rtp" CHECK ("game_settings"."rtp" between 0.9 and 0.99)
);
--> statement-breakpoint
ALTER TABLE "game_free_spins" ADD CONSTRAINT "game_free_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_raffle" ADD CONSTRAINT "game_raffle_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_game_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."game_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seeds" ADD CONSTRAINT "game_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_settings" ADD CONSTRAINT "game_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_user" ON "game_rounds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "game_rounds_created" ON "game_rounds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_seed_nonce" ON "game_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "game_seeds_live" ON "game_seeds" USING btree ("user_id") WHERE "game_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "game_seeds_user" ON "game_seeds" USING btree ("user_id","id");