import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { ToolResult } from '../tool-types';
import { describeMcpFailure, withMcpClient } from './mcp-client';
import { endpointOf, mcpLimitsOf } from './mcp-endpoint';
import { callServerTool } from './mcp-protocol';
import { findMcpServerById, findTeamMcpTools } from './mcp-repo';

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

function capped(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[cut: the answer was longer than ${maxChars} characters]`;
}

/**
 * Calls one tool of an MCP server, within MCP_TIMEOUT_MS and MCP_MAX_RESPONSE_BYTES; a slow, broken or
 * vanished server is an error result ("crm.lookup_order failed: …"), never a throw. The host rule is
 * checked again on the way (a name that now resolves inside the network is refused).
 */
export async function callMcpTool(
  ctx: AppContext,
  serverId: string,
  toolName: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ToolResult> {
  const maxChars = ctx.config.ai.toolResultMaxChars;
  let title = toolName;
  const failed = (why: string): ToolResult => ({ text: capped(`${title} failed: ${why}`, maxChars), isError: true });
  try {
    const server = await findMcpServerById(ctx.db, serverId);
    if (!server) return failed('its MCP server was removed');
    title = `${server.name}.${toolName}`;
    const endpoint = endpointOf(ctx, server);
    if (typeof endpoint === 'string') return failed(endpoint);
    const result = await withMcpClient(endpoint, mcpLimitsOf(ctx), signal, (client, options) => callServerTool(client, toolName, args, options));
    if (result.isError) return failed(result.text || 'the tool reported an error');
    return { text: capped(result.text, maxChars), isError: false };
  } catch (error) {
    return failed(describeMcpFailure(error));
  }
}
