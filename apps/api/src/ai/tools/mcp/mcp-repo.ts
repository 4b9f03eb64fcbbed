import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mcpServers, mcpTools } from '../../../db/schema';

export type McpServerRow = typeof mcpServers.$inferSelect;
export type McpToolRow = typeof mcpTools.$inferSelect;

/** The tools of a team's servers as last listed, servers and tools by name. */
export function findTeamMcpTools(db: DbOrTx, teamId: string) {
  return db
    .select({ serverId: mcpServers.id, serverName: mcpServers.name, name: mcpTools.name, description: mcpTools.description, inputSchema: mcpTools.inputSchema })
    .from(mcpTools)
    .innerJoin(mcpServers, eq(mcpServers.id, mcpTools.serverId))
    .where(eq(mcpServers.teamId, teamId))
    .orderBy(asc(sql`lower(${mcpServers.name})`), asc(mcpTools.name));
}
