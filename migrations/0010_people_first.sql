CREATE TABLE "abuse_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reporter_agent_id" uuid,
	"subject_agent_id" uuid,
	"message_id" uuid,
	"message_excerpt" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_blocks" (
	"blocker_agent_id" uuid NOT NULL,
	"blocked_agent_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_blocks_blocker_agent_id_blocked_agent_id_pk" PRIMARY KEY("blocker_agent_id","blocked_agent_id"),
	CONSTRAINT "agent_blocks_not_self" CHECK ("agent_blocks"."blocker_agent_id" <> "agent_blocks"."blocked_agent_id")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "status_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "status_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "dnd_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "dnd_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "notify_level" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "closed_seq" bigint;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_reporter_agent_id_agents_id_fk" FOREIGN KEY ("reporter_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_subject_agent_id_agents_id_fk" FOREIGN KEY ("subject_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_blocks" ADD CONSTRAINT "agent_blocks_blocker_agent_id_agents_id_fk" FOREIGN KEY ("blocker_agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_blocks" ADD CONSTRAINT "agent_blocks_blocked_agent_id_agents_id_fk" FOREIGN KEY ("blocked_agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_reports_open_idx" ON "abuse_reports" USING btree ("created_at") WHERE "abuse_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "agent_blocks_blocked_idx" ON "agent_blocks" USING btree ("blocked_agent_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_deleted_by_agents_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_notify_level" CHECK ("conversation_participants"."notify_level" in ('all', 'mentions', 'none'));