CREATE TABLE "referral_paths" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "referral_paths_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id"),
	CONSTRAINT "referral_paths_depth_nonnegative" CHECK ("referral_paths"."depth" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"pledged" boolean DEFAULT false NOT NULL,
	"referrer_id" integer,
	"pay_password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_account_lower" CHECK ("users"."account" = lower("users"."account"))
);
--> statement-breakpoint
CREATE TABLE "login_messages" (
	"account" text NOT NULL,
	"msg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_messages_account_msg_pk" PRIMARY KEY("account","msg")
);
--> statement-breakpoint
CREATE TABLE "login_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"system_key" text,
	"asset" text NOT NULL,
	"balance" numeric(38, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "ledger_accounts_one_owner" CHECK (("ledger_accounts"."user_id" is null) <> ("ledger_accounts"."system_key" is null)),
	CONSTRAINT "ledger_accounts_user_nonnegative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" integer,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"balance_after" numeric(38, 8) NOT NULL,
	"kind" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "referral_paths" ADD CONSTRAINT "referral_paths_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_paths" ADD CONSTRAINT "referral_paths_descendant_id_users_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_paths_ancestor_depth_idx" ON "referral_paths" USING btree ("ancestor_id","depth");--> statement-breakpoint
CREATE INDEX "referral_paths_descendant_idx" ON "referral_paths" USING btree ("descendant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_key" ON "users" USING btree ("account");--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "login_messages_created_idx" ON "login_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_nonces_expires_idx" ON "login_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_asset_key" ON "ledger_accounts" USING btree ("user_id","asset");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_asset_key" ON "ledger_accounts" USING btree ("system_key","asset");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_user_id_idx" ON "postings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "postings_user_asset_id_idx" ON "postings" USING btree ("user_id","asset","id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");