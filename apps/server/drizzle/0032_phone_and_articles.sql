CREATE TABLE "phone_code_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "phone_codes_phone_purpose_pk" PRIMARY KEY("phone","purpose"),
	CONSTRAINT "phone_codes_purpose" CHECK ("phone_codes"."purpose" in ('login', 'bind')),
	CONSTRAINT "phone_codes_attempts_nonnegative" CHECK ("phone_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_phones" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_texts" (
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "article_texts_article_id_language_pk" PRIMARY KEY("article_id","language"),
	CONSTRAINT "article_texts_language" CHECK ("article_texts"."language" in ('zh-tw', 'zh-cn', 'en-us', 'pt-br', 'de-de', 'ru-ru'))
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_kind" CHECK ("articles"."kind" in ('article', 'announcement', 'faq'))
);
--> statement-breakpoint
ALTER TABLE "user_phones" ADD CONSTRAINT "user_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_texts" ADD CONSTRAINT "article_texts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_code_sends_phone_idx" ON "phone_code_sends" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_code_sends_ip_idx" ON "phone_code_sends" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_phones_phone_key" ON "user_phones" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "articles_listing_idx" ON "articles" USING btree ("hidden","pinned","published_at");