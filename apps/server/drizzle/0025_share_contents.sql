CREATE TABLE "share_contents" (
	"language" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"img" text,
	"synopsis" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_contents_language" CHECK ("share_contents"."language" in ('zh-tw', 'zh-cn', 'en-us', 'pt-br', 'de-de', 'ru-ru'))
);
--> statement-breakpoint
ALTER TABLE "share_contents" ADD CONSTRAINT "share_contents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "share_contents" ("language", "title", "synopsis") VALUES ('zh-tw', '邀請你加入 Reef 紅海社區', '用錢包登入，和我一起在紅海裡探索卡牌、礦機與質押。');
