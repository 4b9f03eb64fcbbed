CREATE TABLE "message_pins" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"pinned_by_agent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_messages" (
	"agent_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_messages_agent_id_message_id_pk" PRIMARY KEY("agent_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "following" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "parent_conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "thread_root_message_id" uuid;--> statement-breakpoint
ALTER TABLE "message_pins" ADD CONSTRAINT "message_pins_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pins" ADD CONSTRAINT "message_pins_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pins" ADD CONSTRAINT "message_pins_pinned_by_agent_id_agents_id_fk" FOREIGN KEY ("pinned_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_messages" ADD CONSTRAINT "saved_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_messages" ADD CONSTRAINT "saved_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_pins_conversation_idx" ON "message_pins" USING btree ("conversation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_messages_agent_idx" ON "saved_messages" USING btree ("agent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_parent_conversation_id_conversations_id_fk" FOREIGN KEY ("parent_conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_thread_root_message_id_messages_id_fk" FOREIGN KEY ("thread_root_message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_thread_root_key" ON "conversations" USING btree ("thread_root_message_id") WHERE "conversations"."thread_root_message_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_parent_idx" ON "conversations" USING btree ("parent_conversation_id") WHERE "conversations"."parent_conversation_id" is not null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_thread_fields" CHECK (("conversations"."type" = 'thread') = ("conversations"."parent_conversation_id" is not null and "conversations"."thread_root_message_id" is not null));--> statement-breakpoint
-- Threads (decision 0026): a thread's participants are its parent conversation's, kept so by the
-- database itself, so every way someone joins or leaves a room or a 1:1 (room joins, team membership,
-- account deletion) reaches its threads in the same transaction without each caller knowing.
CREATE FUNCTION "mirror_participant_into_threads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A thread being made locks its parent FOR UPDATE while it copies the members: this waits for it
  -- (or makes it wait), so a join and a new thread never pass each other.
  PERFORM 1 FROM "conversations" WHERE "id" = NEW."conversation_id" FOR KEY SHARE;
  INSERT INTO "conversation_participants" ("id", "conversation_id", "agent_id", "last_read_seq", "joined_at")
  SELECT gen_random_uuid(), t."id", NEW."agent_id", 0, NEW."joined_at"
  FROM "conversations" t
  WHERE t."parent_conversation_id" = NEW."conversation_id"
  ON CONFLICT ("conversation_id", "agent_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "unmirror_participant_from_threads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- As above: a member leaving and a thread being made are ordered by the parent's row lock, so the
  -- new thread never copies someone who just left.
  PERFORM 1 FROM "conversations" WHERE "id" = OLD."conversation_id" FOR KEY SHARE;
  DELETE FROM "conversation_participants" p
  USING "conversations" t
  WHERE t."parent_conversation_id" = OLD."conversation_id"
    AND p."conversation_id" = t."id"
    AND p."agent_id" = OLD."agent_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_participants_mirror_insert" AFTER INSERT ON "conversation_participants"
  FOR EACH ROW EXECUTE FUNCTION "mirror_participant_into_threads"();--> statement-breakpoint
CREATE TRIGGER "conversation_participants_mirror_delete" AFTER DELETE ON "conversation_participants"
  FOR EACH ROW EXECUTE FUNCTION "unmirror_participant_from_threads"();
