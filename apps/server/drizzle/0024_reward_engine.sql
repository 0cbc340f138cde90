CREATE TABLE "reward_day_totals" (
	"day" date NOT NULL,
	"item" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	CONSTRAINT "reward_day_totals_day_item_pk" PRIMARY KEY("day","item")
);
--> statement-breakpoint
CREATE TABLE "reward_dividend_days" (
	"day" date PRIMARY KEY NOT NULL,
	"turnover" numeric(38, 8) NOT NULL,
	"pool" numeric(38, 8) NOT NULL,
	"paid" numeric(38, 8) NOT NULL,
	"beneficiaries" integer NOT NULL,
	"entry_id" bigint,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"event_id" bigint,
	"dividend_day" date,
	"member_id" integer,
	"purchase_kind" text,
	"ref_type" text,
	"ref_id" integer,
	"base" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 8) NOT NULL,
	"level" integer NOT NULL,
	"generation" integer,
	"source_id" integer,
	"weight" numeric(38, 8),
	"total_weight" numeric(38, 8),
	"computed" numeric(38, 8) NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"cap" text,
	"asset" text NOT NULL,
	"entry_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_postings_kind" CHECK ("reward_postings"."kind" in ('direct', 'indirect', 'dividend', 'performance', 'same_level')),
	CONSTRAINT "reward_postings_source" CHECK (("reward_postings"."event_id" is null) <> ("reward_postings"."dividend_day" is null)),
	CONSTRAINT "reward_postings_amount" CHECK ("reward_postings"."amount" >= 0 and "reward_postings"."amount" <= "reward_postings"."computed")
);
--> statement-breakpoint
CREATE TABLE "reward_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"value" numeric(38, 8) NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_rules_value_nonnegative" CHECK ("reward_rules"."value" >= 0),
	CONSTRAINT "reward_rules_generation_nonnegative" CHECK ("reward_rules"."generation" >= 0 and "reward_rules"."level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_user_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	CONSTRAINT "reward_user_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "reward_dividend_days" ADD CONSTRAINT "reward_dividend_days_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_postings" ADD CONSTRAINT "reward_postings_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_postings" ADD CONSTRAINT "reward_postings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_postings" ADD CONSTRAINT "reward_postings_source_id_users_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_postings" ADD CONSTRAINT "reward_postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_rules" ADD CONSTRAINT "reward_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_user_days" ADD CONSTRAINT "reward_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_postings_event_key" ON "reward_postings" USING btree ("event_id","beneficiary_id","kind") WHERE "reward_postings"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_postings_dividend_key" ON "reward_postings" USING btree ("dividend_day","beneficiary_id") WHERE "reward_postings"."dividend_day" is not null;--> statement-breakpoint
CREATE INDEX "reward_postings_entry_idx" ON "reward_postings" USING btree ("entry_id","beneficiary_id");--> statement-breakpoint
CREATE INDEX "reward_rules_key_idx" ON "reward_rules" USING btree ("rule","generation","level","effective_from");--> statement-breakpoint
-- Safe defaults (decision 065): the rates of one purchase add up to at most 0.05 + 0.03 + 0.06 + 0.006 + 0.01 of it,
-- and each kind's daily total is capped by its share of the day's turnover (0.29 in all), so rewards stay well
-- below what purchases bring in. In force from the epoch: every event is covered.
INSERT INTO "reward_rules" ("rule", "generation", "level", "value", "effective_from") VALUES
  ('direct', 0, 0, 0.05, 'epoch'),
  ('indirect', 2, 1, 0.02, 'epoch'), ('indirect', 2, 2, 0.02, 'epoch'), ('indirect', 2, 3, 0.02, 'epoch'),
  ('indirect', 3, 2, 0.01, 'epoch'), ('indirect', 3, 3, 0.01, 'epoch'),
  ('performance', 0, 1, 0.02, 'epoch'), ('performance', 0, 2, 0.04, 'epoch'), ('performance', 0, 3, 0.06, 'epoch'),
  ('same_level', 0, 0, 0.1, 'epoch'),
  ('dividend_pool', 0, 0, 0.01, 'epoch'),
  ('dividend_min_level', 0, 0, 1, 'epoch'),
  ('dividend_weight', 0, 1, 1, 'epoch'), ('dividend_weight', 0, 2, 2, 'epoch'), ('dividend_weight', 0, 3, 3, 'epoch'),
  ('cap_user_day', 0, 0, 1000, 'epoch'),
  ('cap_share_direct', 0, 0, 0.1, 'epoch'), ('cap_share_indirect', 0, 0, 0.05, 'epoch'), ('cap_share_performance', 0, 0, 0.1, 'epoch'),
  ('cap_share_same_level', 0, 0, 0.02, 'epoch'), ('cap_share_dividend', 0, 0, 0.02, 'epoch');
