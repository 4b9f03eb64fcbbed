DROP INDEX "messages_search_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_vector_idx" ON "messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "messages_searchable_created_idx" ON "messages" USING btree ("created_at","id") WHERE "messages"."deleted_at" is null and "messages"."message_type" = 'text';--> statement-breakpoint
-- The planner weighs a search's terms against this column's statistics (most common words and their
-- frequencies): ten times the default sample, so that a word outside the list is estimated as rare,
-- and gathered now, not at the next autovacuum.
ALTER TABLE "messages" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "messages";
