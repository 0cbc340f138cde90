CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"tx_hash" text NOT NULL,
	"amount" numeric(38, 8),
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"block_number" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('pending', 'credited', 'failed')),
	CONSTRAINT "deposits_tx_hash_format" CHECK ("deposits"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" is null or "deposits"."amount" > 0),
	CONSTRAINT "deposits_confirmations_nonnegative" CHECK ("deposits"."confirmations" >= 0),
	CONSTRAINT "deposits_status_consistent" CHECK (case "deposits"."status"
        when 'pending' then "deposits"."entry_id" is null and "deposits"."credited_at" is null and "deposits"."failure" is null
        when 'credited' then "deposits"."entry_id" is not null and "deposits"."credited_at" is not null and "deposits"."amount" is not null and "deposits"."failure" is null
        else "deposits"."entry_id" is null and "deposits"."credited_at" is null and "deposits"."failure" is not null
      end)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash_key" ON "deposits" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "deposits_user_id_idx" ON "deposits" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("id") WHERE "deposits"."status" = 'pending';