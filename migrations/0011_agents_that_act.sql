CREATE TABLE "agent_tools" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"server_id" uuid,
	"tool_name" text NOT NULL,
	"policy" text NOT NULL,
	"approvers" text DEFAULT 'requester_and_managers' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_tools_agent_server_tool_key" UNIQUE NULLS NOT DISTINCT("agent_id","server_id","tool_name"),
	CONSTRAINT "agent_tools_policy" CHECK ("agent_tools"."policy" in ('auto', 'approval', 'off'))
);
--> statement-breakpoint
CREATE TABLE "attachment_extracts" (
	"attachment_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"pages" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_servers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"headers_encrypted" text,
	"header_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"tools_listed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_tools" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input_schema" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"team_id" uuid,
	"requested_by_agent_id" uuid,
	"step" integer NOT NULL,
	"call_index" integer NOT NULL,
	"call_id" text NOT NULL,
	"server_id" uuid,
	"tool_name" text NOT NULL,
	"tool_title" text NOT NULL,
	"raw_arguments" text DEFAULT '' NOT NULL,
	"arguments" jsonb,
	"reason" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"approvers" text,
	"expires_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"message_id" uuid,
	"result" text,
	"is_error" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_calls_status" CHECK ("tool_calls"."status" in ('pending_approval', 'approved', 'running', 'done', 'error', 'denied', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "daily_token_budget" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "person_daily_token_limit" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "budget_notice_day" text;--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_updated_by_agents_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_extracts" ADD CONSTRAINT "attachment_extracts_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_created_by_agents_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_tools" ADD CONSTRAINT "mcp_tools_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_job_id_reply_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."reply_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_requested_by_agent_id_agents_id_fk" FOREIGN KEY ("requested_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_decided_by_agents_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_servers_team_name_key" ON "mcp_servers" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_tools_server_name_key" ON "mcp_tools" USING btree ("server_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_calls_job_step_key" ON "tool_calls" USING btree ("job_id","step","call_index");--> statement-breakpoint
CREATE INDEX "tool_calls_pending_idx" ON "tool_calls" USING btree ("expires_at") WHERE "tool_calls"."status" = 'pending_approval';--> statement-breakpoint
CREATE INDEX "tool_calls_team_created_idx" ON "tool_calls" USING btree ("team_id","created_at");