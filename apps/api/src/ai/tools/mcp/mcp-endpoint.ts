import type { AppContext } from '../../../context';
import type { McpEndpoint, McpLimits } from './mcp-client';
import { decryptHeaders, encryptHeaders } from './header-crypto';
import type { McpServerRow } from './mcp-repo';

/** The operator's limits on every MCP connection. */
export const mcpLimitsOf = (ctx: AppContext): McpLimits => ({
  allowedHosts: ctx.config.mcp.allowedHosts,
  timeoutMs: ctx.config.mcp.timeoutMs,
  maxResponseBytes: ctx.config.mcp.maxResponseBytes,
});

const keySource = (ctx: AppContext) => ({ secretKey: ctx.config.mcp.secretKey, jwtSecret: ctx.config.jwtSecret });

/** What a server row stores for these headers: the ciphertext and the names (empty or null: none). */
export function sealHeaders(ctx: AppContext, teamId: string, headers: Record<string, string> | null) {
  if (!headers || Object.keys(headers).length === 0) return { headersEncrypted: null, headerNames: [] };
  return { headersEncrypted: encryptHeaders(keySource(ctx), teamId, headers), headerNames: Object.keys(headers) };
}

/** Where to connect, with the headers decrypted; a string says why not (they no longer decrypt). */
export function endpointOf(ctx: AppContext, server: McpServerRow): McpEndpoint | string {
  if (!server.headersEncrypted) return { url: server.url, headers: {} };
  const headers = decryptHeaders(keySource(ctx), server.teamId, server.headersEncrypted);
  if (!headers) return 'its stored auth headers cannot be read (was MCP_SECRET_KEY changed?); set them again';
  return { url: server.url, headers };
}
