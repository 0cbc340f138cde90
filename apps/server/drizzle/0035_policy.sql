CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"params" jsonb,
	"body" jsonb,
	"value" numeric(38, 8),
	"beneficiaries" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_status" CHECK ("approval_requests"."status" in ('pending', 'running', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "policy_value_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"value" numeric(38, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lakes" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_value_log" ADD CONSTRAINT "policy_value_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "policy_value_log_actor_idx" ON "policy_value_log" USING btree ("actor_id","created_at");--> statement-breakpoint
ALTER TABLE "lakes" ADD CONSTRAINT "lakes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;