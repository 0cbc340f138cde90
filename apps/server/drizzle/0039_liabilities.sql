CREATE TABLE "liabilities_leaves" (
	"snapshot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"leaf_index" integer NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "liabilities_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id"),
	CONSTRAINT "liabilities_leaves_index" CHECK ("liabilities_leaves"."leaf_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "liabilities_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"assets" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"leaf_count" integer NOT NULL,
	"user_count" integer NOT NULL,
	"secret" text NOT NULL,
	"trigger" text NOT NULL,
	"actor_id" integer,
	"taken_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liabilities_snapshots_trigger" CHECK ("liabilities_snapshots"."trigger" in ('daily', 'operator')),
	CONSTRAINT "liabilities_snapshots_leaf_count" CHECK ("liabilities_snapshots"."leaf_count" >= 2 and "liabilities_snapshots"."leaf_count" >= "liabilities_snapshots"."user_count" and "liabilities_snapshots"."user_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "liabilities_leaves" ADD CONSTRAINT "liabilities_leaves_snapshot_id_liabilities_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liabilities_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities_leaves" ADD CONSTRAINT "liabilities_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD CONSTRAINT "liabilities_snapshots_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liabilities_leaves_position" ON "liabilities_leaves" USING btree ("snapshot_id","leaf_index");--> statement-breakpoint
CREATE INDEX "liabilities_snapshots_taken" ON "liabilities_snapshots" USING btree ("taken_at");--> statement-breakpoint
-- A published root and the leaves its proofs come from never change (decision 098): a snapshot is history.
CREATE FUNCTION reef_refuse_liabilities_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'proof-of-liabilities snapshots are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER liabilities_snapshots_append_only BEFORE UPDATE OR DELETE ON liabilities_snapshots
  FOR EACH ROW EXECUTE FUNCTION reef_refuse_liabilities_rewrite();
--> statement-breakpoint
CREATE TRIGGER liabilities_leaves_append_only BEFORE UPDATE OR DELETE ON liabilities_leaves
  FOR EACH ROW EXECUTE FUNCTION reef_refuse_liabilities_rewrite();
