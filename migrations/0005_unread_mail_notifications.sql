ALTER TABLE "accounts" ADD COLUMN "unread_mail_delay_minutes" integer DEFAULT 15;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "mailed_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_unread_mail_delay_positive" CHECK ("accounts"."unread_mail_delay_minutes" is null or "accounts"."unread_mail_delay_minutes" > 0);--> statement-breakpoint
-- Messages sent before this migration were never going to be mailed: count them as mailed, so
-- the first pass after the upgrade does not email everyone about their old unread messages.
UPDATE "conversation_participants" SET "mailed_seq" = "conversations"."last_seq" FROM "conversations" WHERE "conversations"."id" = "conversation_participants"."conversation_id";
