import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { ToolResult } from '../tool-types';
import { findTeamMcpTools } from './mcp-repo';

/** A tool of one of a team's MCP servers, as last listed. */
export interface TeamMcpTool {
  serverId: string;
  serverName: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** The tools of a team's MCP servers, as last listed (no network). */
export async function teamMcpTools(db: DbOrTx, teamId: string): Promise<TeamMcpTool[]> {
  return findTeamMcpTools(db, teamId);
}

/**
 * Calls one tool of an MCP server, within MCP_TIMEOUT_MS and MCP_MAX_RESPONSE_BYTES; a slow, broken or
 * vanished server is an error result, never a throw. Being built (decision 0024).
 */
export async function callMcpTool(
  _ctx: AppContext,
  _serverId: string,
  _toolName: string,
  _args: Record<string, unknown>,
  _signal: AbortSignal,
): Promise<ToolResult> {
  return { text: 'MCP servers are not available yet.', isError: true };
}
