CREATE TABLE "clock_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clock_settings_one_row" CHECK ("clock_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "business_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"interval_ms" integer,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "business_events" ADD CONSTRAINT "business_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_events_user_idx" ON "business_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "business_events_type_idx" ON "business_events" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."finished_at" is null;--> statement-breakpoint
-- Business events are history: readers rely on an id never changing meaning (decision 025).
CREATE FUNCTION reef_refuse_event_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'business events are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER business_events_append_only BEFORE UPDATE OR DELETE ON business_events
  FOR EACH ROW EXECUTE FUNCTION reef_refuse_event_rewrite();
