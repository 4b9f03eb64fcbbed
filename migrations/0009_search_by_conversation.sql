-- Search reads a term's matches one conversation at a time: conversation_id and search_vector in one
-- GIN index take btree_gin's GIN operator classes for plain types (uuid). It is a trusted extension (a
-- database owner may create it, Postgres 13+); PGlite loads it with the database (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "messages_search_vector_idx";--> statement-breakpoint
DROP INDEX "messages_searchable_created_idx";--> statement-breakpoint
CREATE INDEX "messages_conversation_search_idx" ON "messages" USING gin ("conversation_id","search_vector");