import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mcpServers, mcpTools } from '../../../db/schema';
import type { ListedTool } from './mcp-protocol';

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

export function findTeamMcpServers(db: DbOrTx, teamId: string): Promise<McpServerRow[]> {
  return db.select().from(mcpServers).where(eq(mcpServers.teamId, teamId)).orderBy(asc(sql`lower(${mcpServers.name})`));
}

/** A server of this team (another team's id is as unknown as a missing one). */
export async function findTeamMcpServer(db: DbOrTx, teamId: string, id: string): Promise<McpServerRow | undefined> {
  const [row] = await db.select().from(mcpServers).where(and(eq(mcpServers.teamId, teamId), eq(mcpServers.id, id))).limit(1);
  return row;
}

export async function findMcpServerById(db: DbOrTx, id: string): Promise<McpServerRow | undefined> {
  const [row] = await db.select().from(mcpServers).where(eq(mcpServers.id, id)).limit(1);
  return row;
}

export function findToolsOfServers(db: DbOrTx, serverIds: string[]): Promise<McpToolRow[]> {
  if (serverIds.length === 0) return Promise.resolve([]);
  return db.select().from(mcpTools).where(inArray(mcpTools.serverId, serverIds)).orderBy(asc(mcpTools.name));
}

/** Whether another server of the team has this name (names compare case-insensitively). */
export async function mcpServerNameTaken(db: DbOrTx, teamId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mcpServers.id })
    .from(mcpServers)
    .where(and(eq(mcpServers.teamId, teamId), sql`lower(${mcpServers.name}) = lower(${name})`, exceptId ? ne(mcpServers.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertMcpServer(db: DbOrTx, values: typeof mcpServers.$inferInsert): Promise<McpServerRow> {
  const [row] = await db.insert(mcpServers).values(values).returning();
  return row!;
}

export async function updateMcpServerRow(db: DbOrTx, id: string, values: Partial<typeof mcpServers.$inferInsert>): Promise<McpServerRow | undefined> {
  const [row] = await db.update(mcpServers).set(values).where(eq(mcpServers.id, id)).returning();
  return row;
}

export async function deleteMcpServerRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(mcpServers).where(eq(mcpServers.id, id));
}

/** A listing that worked: its tools replace the earlier ones (policies are kept: they name tools, not rows). */
export async function replaceServerTools(tx: DbOrTx, serverId: string, tools: ListedTool[], listedAt: Date): Promise<McpServerRow | undefined> {
  const row = await updateMcpServerRow(tx, serverId, { toolsListedAt: listedAt, lastError: null });
  if (!row) return undefined;
  await tx.delete(mcpTools).where(eq(mcpTools.serverId, serverId));
  if (tools.length > 0) await tx.insert(mcpTools).values(tools.map((tool) => ({ serverId, ...tool })));
  return row;
}
