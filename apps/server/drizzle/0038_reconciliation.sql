CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"checks" jsonb NOT NULL,
	CONSTRAINT "reconciliation_runs_trigger" CHECK ("reconciliation_runs"."trigger" in ('schedule', 'operator')),
	CONSTRAINT "reconciliation_runs_requested" CHECK (("reconciliation_runs"."trigger" = 'operator') = ("reconciliation_runs"."requested_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_runs_finished_idx" ON "reconciliation_runs" USING btree ("finished_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_system_actor" CHECK ("audit_log"."actor_id" is not null or "audit_log"."actor_account" = 'system');