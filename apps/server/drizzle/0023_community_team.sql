CREATE TABLE "community_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_small_area" numeric(38, 8) DEFAULT '0' NOT NULL,
	"min_direct" integer DEFAULT 0 NOT NULL,
	"holding_asset" text,
	"min_holding" numeric(38, 8) DEFAULT '0' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_levels_level_range" CHECK ("community_levels"."level" between 0 and 100),
	CONSTRAINT "community_levels_thresholds_nonnegative" CHECK ("community_levels"."min_small_area" >= 0 and "community_levels"."min_direct" >= 0 and "community_levels"."min_holding" >= 0)
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"direct_count" integer DEFAULT 0 NOT NULL,
	"indirect_count" integer DEFAULT 0 NOT NULL,
	"own_performance" numeric(38, 8) DEFAULT '0' NOT NULL,
	"team_performance" numeric(38, 8) DEFAULT '0' NOT NULL,
	"large_area" numeric(38, 8) DEFAULT '0' NOT NULL,
	"contact" text,
	CONSTRAINT "community_members_counts_nonnegative" CHECK ("community_members"."direct_count" >= 0 and "community_members"."indirect_count" >= 0),
	CONSTRAINT "community_members_large_within_team" CHECK ("community_members"."large_area" >= 0 and "community_members"."large_area" <= "community_members"."team_performance")
);
--> statement-breakpoint
CREATE TABLE "community_remarks" (
	"owner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"remark" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_remarks_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "community_levels" ADD CONSTRAINT "community_levels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_remarks" ADD CONSTRAINT "community_remarks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_remarks" ADD CONSTRAINT "community_remarks_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every user has a figures row from the moment they exist (decision 064): the incremental updates are plain
-- UPDATEs over referral_paths, which would silently miss a user without one. A trigger covers every way a user
-- is created (sign-in, tests, bulk loads).
CREATE FUNCTION community_member_for_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO community_members (user_id) VALUES (NEW.id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_community_member AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION community_member_for_user();--> statement-breakpoint
-- The users already there: their counts from the closure table; their performance comes from the community
-- consumer, which starts at the beginning of the outbox.
INSERT INTO community_members (user_id, direct_count, indirect_count)
SELECT u.id, count(p.descendant_id) FILTER (WHERE p.depth = 1), count(p.descendant_id) FILTER (WHERE p.depth >= 2)
  FROM users u LEFT JOIN referral_paths p ON p.ancestor_id = u.id AND p.depth >= 1
 GROUP BY u.id;--> statement-breakpoint
INSERT INTO community_levels (level, name) VALUES (0, 'V0');
