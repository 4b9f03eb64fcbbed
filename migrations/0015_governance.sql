CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_agent_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"team_id" uuid,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"target_name" text DEFAULT '' NOT NULL,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"team_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"storage_key" text,
	"size" bigint,
	"error" text,
	"download_token_hash" text,
	"download_token_expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_exports_team_kind" CHECK (("data_exports"."kind" = 'team') = ("data_exports"."team_id" is not null)),
	CONSTRAINT "data_exports_progress_range" CHECK ("data_exports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_instance_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "disabled_by" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "removed_through_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "retention_keep_pinned" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_agents_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_team_idx" ON "audit_events" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_agent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_requested_by_idx" ON "data_exports" USING btree ("requested_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_team_idx" ON "data_exports" USING btree ("team_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_due_idx" ON "data_exports" USING btree ("created_at") WHERE "data_exports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token_hash_key" ON "data_exports" USING btree ("download_token_hash");--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_resolved_by_agents_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_disabled_by_agents_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_retention_days_positive" CHECK ("teams"."retention_days" is null or "teams"."retention_days" > 0);--> statement-breakpoint
-- The audit log is append-only (decision 0028): the product can neither change nor delete a row.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events rows cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update" BEFORE UPDATE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_delete" BEFORE DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
-- The instance's first account administers it (ADMIN_EMAILS may name more).
UPDATE "accounts" SET "is_instance_admin" = true WHERE "id" = (SELECT "id" FROM "accounts" ORDER BY "created_at", "id" LIMIT 1);
