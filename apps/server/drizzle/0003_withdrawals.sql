CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"to_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tx_hash" text,
	"reason" text,
	"entry_id" bigint NOT NULL,
	"settle_entry_id" bigint,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0),
	CONSTRAINT "withdrawals_tx_hash_format" CHECK ("withdrawals"."tx_hash" is null or "withdrawals"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "withdrawals_review_consistent" CHECK (case "withdrawals"."status"
        when 'pending' then "withdrawals"."settle_entry_id" is null and "withdrawals"."reviewed_at" is null and "withdrawals"."tx_hash" is null and "withdrawals"."reason" is null
        when 'approved' then "withdrawals"."settle_entry_id" is not null and "withdrawals"."reviewed_at" is not null and "withdrawals"."tx_hash" is not null and "withdrawals"."reason" is null
        else "withdrawals"."settle_entry_id" is not null and "withdrawals"."reviewed_at" is not null and "withdrawals"."reason" is not null and "withdrawals"."tx_hash" is null
      end)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_password_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_password_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_entry_id_journal_entries_id_fk" FOREIGN KEY ("settle_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_idx" ON "withdrawals" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_id_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pay_password_failures_nonnegative" CHECK ("users"."pay_password_failures" >= 0);