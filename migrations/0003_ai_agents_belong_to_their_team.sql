ALTER TABLE "agents" ADD COLUMN "owner_team_id" uuid;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_team_id_teams_id_fk" FOREIGN KEY ("owner_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_owner_team_idx" ON "agents" USING btree ("owner_team_id");--> statement-breakpoint
-- Backfill: an existing AI agent belongs to the team it joined first (the one that created it).
UPDATE "agents" SET "owner_team_id" = (
	SELECT "team_members"."team_id" FROM "team_members"
	WHERE "team_members"."agent_id" = "agents"."id"
	ORDER BY "team_members"."joined_at", "team_members"."id"
	LIMIT 1
) WHERE "agents"."is_human" = false;--> statement-breakpoint
-- An AI agent added to another team before this rule leaves that team (the row stays as history).
UPDATE "team_members" SET "left_at" = now()
FROM "agents"
WHERE "agents"."id" = "team_members"."agent_id"
	AND "agents"."is_human" = false
	AND "team_members"."left_at" IS NULL
	AND "team_members"."team_id" IS DISTINCT FROM "agents"."owner_team_id";--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_team_ai_only" CHECK ("agents"."is_human" = false or "agents"."owner_team_id" is null);