CREATE TABLE "community_performance_assets" (
	"asset" text PRIMARY KEY NOT NULL,
	"factor" numeric(38, 8) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_performance_assets_factor_positive" CHECK ("community_performance_assets"."factor" > 0)
);
--> statement-breakpoint
CREATE TABLE "community_qualifying_kinds" (
	"kind" text PRIMARY KEY NOT NULL,
	"counts" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_qualifying_kinds_kind" CHECK ("community_qualifying_kinds"."kind" in ('card_starter', 'card_market', 'miner', 'pledge'))
);
--> statement-breakpoint
ALTER TABLE "community_performance_assets" ADD CONSTRAINT "community_performance_assets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_qualifying_kinds" ADD CONSTRAINT "community_qualifying_kinds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "community_qualifying_kinds" ("kind") VALUES ('card_starter'), ('card_market'), ('miner'), ('pledge');--> statement-breakpoint
INSERT INTO "community_performance_assets" ("asset", "factor") VALUES ('usdt', 1), ('rusd', 1);
