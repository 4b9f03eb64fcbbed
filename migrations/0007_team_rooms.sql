CREATE TABLE "message_mentions" (
	"message_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"agent_id" uuid NOT NULL,
	CONSTRAINT "message_mentions_message_id_agent_id_pk" PRIMARY KEY("message_id","agent_id")
);
--> statement-breakpoint
ALTER TABLE "ai_usage" DROP CONSTRAINT "ai_usage_agent_team_day";--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "requested_by_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "topic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "is_general" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "answers_all_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "agent_turn_limit" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_jobs" ADD COLUMN "chain_root_message_id" uuid;--> statement-breakpoint
ALTER TABLE "reply_jobs" ADD COLUMN "chain_turn" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_jobs" ADD COLUMN "asked_by_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "reply_jobs" ADD COLUMN "requested_by_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "message_mentions" ADD CONSTRAINT "message_mentions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mentions" ADD CONSTRAINT "message_mentions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mentions" ADD CONSTRAINT "message_mentions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_mentions_agent_idx" ON "message_mentions" USING btree ("agent_id","conversation_id","seq");--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_requested_by_agent_id_agents_id_fk" FOREIGN KEY ("requested_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_agents_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_answers_all_agent_id_agents_id_fk" FOREIGN KEY ("answers_all_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_jobs" ADD CONSTRAINT "reply_jobs_chain_root_message_id_messages_id_fk" FOREIGN KEY ("chain_root_message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_jobs" ADD CONSTRAINT "reply_jobs_asked_by_agent_id_agents_id_fk" FOREIGN KEY ("asked_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_jobs" ADD CONSTRAINT "reply_jobs_requested_by_agent_id_agents_id_fk" FOREIGN KEY ("requested_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_room_name_key" ON "conversations" USING btree ("team_id","name") WHERE "conversations"."type" = 'room';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_general_room_key" ON "conversations" USING btree ("team_id") WHERE "conversations"."is_general";--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_agent_team_requester_day" UNIQUE NULLS NOT DISTINCT("agent_id","team_id","requested_by_agent_id","day");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_room_fields" CHECK (("conversations"."type" = 'room') = ("conversations"."name" is not null and "conversations"."team_id" is not null));