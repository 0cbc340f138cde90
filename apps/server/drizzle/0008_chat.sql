CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_low" integer,
	"user_high" integer,
	"group_id" integer,
	"customer_id" integer,
	"service_state" text,
	"agent_id" integer,
	"agent_read_id" bigint DEFAULT 0 NOT NULL,
	"last_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_kind" CHECK ("chat_conversations"."kind" in ('direct', 'group', 'service')),
	CONSTRAINT "chat_conversations_shape" CHECK (("chat_conversations"."kind" = 'direct' and "chat_conversations"."user_low" < "chat_conversations"."user_high" and "chat_conversations"."group_id" is null and "chat_conversations"."customer_id" is null)
        or ("chat_conversations"."kind" = 'group' and "chat_conversations"."group_id" is not null and "chat_conversations"."user_low" is null and "chat_conversations"."customer_id" is null)
        or ("chat_conversations"."kind" = 'service' and "chat_conversations"."customer_id" is not null and "chat_conversations"."service_state" in ('open', 'claimed', 'closed') and "chat_conversations"."user_low" is null and "chat_conversations"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "chat_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id"),
	CONSTRAINT "chat_group_members_role" CHECK ("chat_group_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"announcement" text NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disbanded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"sender_type" text DEFAULT 'user' NOT NULL,
	"msg_type" text NOT NULL,
	"content" text NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_sender_type" CHECK ("chat_messages"."sender_type" in ('user', 'service')),
	CONSTRAINT "chat_messages_msg_type" CHECK ("chat_messages"."msg_type" in ('text', 'image', 'emoji'))
);
--> statement-breakpoint
CREATE TABLE "chat_participants" (
	"user_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_participants_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "chat_service_agents" (
	"account" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_friend_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "chat_friend_requests_state" CHECK ("chat_friend_requests"."state" in ('sent', 'added', 'rejected')),
	CONSTRAINT "chat_friend_requests_not_self" CHECK ("chat_friend_requests"."from_id" <> "chat_friend_requests"."to_id")
);
--> statement-breakpoint
CREATE TABLE "chat_friendships" (
	"user_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_friendships_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id"),
	CONSTRAINT "chat_friendships_not_self" CHECK ("chat_friendships"."user_id" <> "chat_friendships"."friend_id")
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_friend_requests" ADD CONSTRAINT "chat_friend_requests_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_friend_requests" ADD CONSTRAINT "chat_friend_requests_to_id_users_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_friendships" ADD CONSTRAINT "chat_friendships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_friendships" ADD CONSTRAINT "chat_friendships_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_direct_key" ON "chat_conversations" USING btree ("user_low","user_high") WHERE "chat_conversations"."kind" = 'direct';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_group_key" ON "chat_conversations" USING btree ("group_id") WHERE "chat_conversations"."kind" = 'group';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_service_key" ON "chat_conversations" USING btree ("customer_id") WHERE "chat_conversations"."kind" = 'service';--> statement-breakpoint
CREATE INDEX "chat_conversations_service_inbox_idx" ON "chat_conversations" USING btree ("service_state","updated_at" DESC NULLS LAST) WHERE "chat_conversations"."kind" = 'service';--> statement-breakpoint
CREATE INDEX "chat_group_members_user_idx" ON "chat_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_groups_owner_idx" ON "chat_groups" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_sender_client_key" ON "chat_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_participants_conversation_idx" ON "chat_participants" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_friend_requests_pending_key" ON "chat_friend_requests" USING btree ("from_id","to_id") WHERE "chat_friend_requests"."state" = 'sent';--> statement-breakpoint
CREATE INDEX "chat_friend_requests_to_idx" ON "chat_friend_requests" USING btree ("to_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_friend_requests_from_idx" ON "chat_friend_requests" USING btree ("from_id","id" DESC NULLS LAST);