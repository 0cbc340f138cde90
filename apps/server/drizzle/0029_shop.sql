CREATE TABLE "shop_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"region" text NOT NULL,
	"detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"price_asset" text NOT NULL,
	"stock" integer NOT NULL,
	"per_user_limit" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'on_sale' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_goods_price_positive" CHECK ("shop_goods"."price" > 0),
	CONSTRAINT "shop_goods_stock" CHECK ("shop_goods"."stock" >= 0),
	CONSTRAINT "shop_goods_limit" CHECK (coalesce("shop_goods"."per_user_limit" > 0, true)),
	CONSTRAINT "shop_goods_kind" CHECK ("shop_goods"."kind" in ('physical', 'virtual')),
	CONSTRAINT "shop_goods_status" CHECK ("shop_goods"."status" in ('on_sale', 'off_sale')),
	CONSTRAINT "shop_goods_asset" CHECK ("shop_goods"."price_asset" in ('mineral', 'trade', 'game', 'coin'))
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"fail_reason" text,
	"address" jsonb,
	"carrier" text,
	"tracking_no" text,
	"entry_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "shop_orders_status" CHECK ("shop_orders"."status" in ('unpaid', 'failed', 'unshipped', 'shipped', 'complete', 'cancelled')),
	CONSTRAINT "shop_orders_quantity" CHECK ("shop_orders"."quantity" > 0),
	CONSTRAINT "shop_orders_amount" CHECK ("shop_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_goods" ADD CONSTRAINT "shop_goods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_goods_id_shop_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."shop_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_addresses_user" ON "shop_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shop_orders_user" ON "shop_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shop_orders_open" ON "shop_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "shop_orders_goods_user" ON "shop_orders" USING btree ("goods_id","user_id");