import type { TMcpServer, ZCreateMcpServerRequest, ZUpdateMcpServerRequest } from '@agentroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { badRequest, conflict, notFound } from '../../../core/app-error';
import { inTransaction } from '../../../core/transaction';
import { recordAudit } from '../../../audit/audit-repo';
import { isUniqueViolation } from '../../../db/pg-errors';
import { assertTeamManager } from '../../../teams/team-access';
import { HostNotFound, HostRefused, resolveAllowedHost } from './host-rule';
import { describeMcpFailure, withMcpClient } from './mcp-client';
import { endpointOf, mcpLimitsOf, sealHeaders } from './mcp-endpoint';
import { listServerTools } from './mcp-protocol';
import {
  deleteMcpServerRow,
  findTeamMcpServer,
  findTeamMcpServers,
  findToolsOfServers,
  insertMcpServer,
  mcpServerNameTaken,
  replaceServerTools,
  updateMcpServerRow,
  type McpServerRow,
  type McpToolRow,
} from './mcp-repo';

type TCreateInput = z.output<typeof ZCreateMcpServerRequest>;
type TUpdateInput = z.output<typeof ZUpdateMcpServerRequest>;

const MCP_SERVER_MESSAGES = {
  notFound: 'MCP server not found',
  nameTaken: (name: string) => `A server named ${name} already exists in this team`,
  credentialsInUrl: 'Put credentials in an auth header, not in the address',
  reservedHeader: (name: string) => `The ${name} header is set by the connection itself`,
} as const;

/** Headers the HTTP connection and the MCP transport set themselves: one an owner sets would break the framing or the protocol. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'content-type',
  'accept',
  'accept-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);

function assertHeaderNames(headers: Record<string, string> | null | undefined): void {
  const reserved = Object.keys(headers ?? {}).find((name) => RESERVED_HEADERS.has(name.toLowerCase()));
  if (reserved) throw badRequest(MCP_SERVER_MESSAGES.reservedHeader(reserved), { headers: MCP_SERVER_MESSAGES.reservedHeader(reserved) });
}

/** Its auth headers never leave the API: only their names. */
function presentMcpServer(server: McpServerRow, tools: McpToolRow[]): TMcpServer {
  return {
    id: server.id,
    name: server.name,
    url: server.url,
    headerNames: server.headerNames,
    tools: tools.filter((t) => t.serverId === server.id).map((t) => ({ name: t.name, description: t.description })),
    toolsListedAt: server.toolsListedAt?.toISOString() ?? null,
    lastError: server.lastError,
    createdAt: server.createdAt.toISOString(),
  };
}

const presentOne = async (ctx: AppContext, server: McpServerRow) => presentMcpServer(server, await findToolsOfServers(ctx.db, [server.id]));

/**
 * An address a server may have: no credentials in it, and a host that passes the host rule (400 with
 * its message). A host that does not resolve yet is let through: the listing reports it, and every
 * connection checks again.
 */
async function assertServerUrl(ctx: AppContext, raw: string): Promise<void> {
  const url = new URL(raw);
  if (url.username || url.password) throw badRequest(MCP_SERVER_MESSAGES.credentialsInUrl, { url: MCP_SERVER_MESSAGES.credentialsInUrl });
  try {
    await resolveAllowedHost(url, ctx.config.mcp.allowedHosts);
  } catch (error) {
    if (error instanceof HostRefused) throw badRequest(error.message, { url: error.message });
    if (!(error instanceof HostNotFound)) throw error;
  }
}

async function assertServerOfTeam(ctx: AppContext, teamId: string, id: string): Promise<McpServerRow> {
  const server = await findTeamMcpServer(ctx.db, teamId, id);
  if (!server) throw notFound(MCP_SERVER_MESSAGES.notFound);
  return server;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Connects, lists the server's tools and stores them; a failure is stored as its `lastError` (the
 * earlier tools stay: they are "as last listed"). Never throws for the server's own failures.
 */
async function listAndStoreTools(ctx: AppContext, server: McpServerRow): Promise<McpServerRow> {
  const endpoint = endpointOf(ctx, server);
  let failure: string;
  if (typeof endpoint === 'string') failure = endpoint;
  else {
    try {
      const tools = await withMcpClient(endpoint, mcpLimitsOf(ctx), undefined, listServerTools);
      const stored = await inTransaction(ctx.db, (tx) => replaceServerTools(tx, server.id, tools, new Date()));
      return stored ?? server;
    } catch (error) {
      failure = describeMcpFailure(error);
    }
  }
  return (await updateMcpServerRow(ctx.db, server.id, { lastError: capitalized(failure) })) ?? server;
}

/** GET /teams/:handle/mcp-servers (owners and admins). */
export async function listMcpServers(ctx: AppContext, handle: string, callerId: string): Promise<TMcpServer[]> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  const servers = await findTeamMcpServers(ctx.db, team.id);
  const tools = await findToolsOfServers(
    ctx.db,
    servers.map((s) => s.id),
  );
  return servers.map((server) => presentMcpServer(server, tools));
}

/**
 * POST /teams/:handle/mcp-servers: stored, then its tools listed. A server that cannot be reached (or
 * refuses the headers) is stored all the same, with `lastError`, so owners can fix it and refresh;
 * only a host the rule refuses, or a taken name, is turned away.
 */
export async function createMcpServer(ctx: AppContext, handle: string, callerId: string, input: TCreateInput): Promise<TMcpServer> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  assertHeaderNames(input.headers);
  await assertServerUrl(ctx, input.url);
  if (await mcpServerNameTaken(ctx.db, team.id, input.name)) throw conflict(MCP_SERVER_MESSAGES.nameTaken(input.name));
  let server: McpServerRow;
  try {
    server = await inTransaction(ctx.db, async (tx) => {
      const row = await insertMcpServer(tx, { teamId: team.id, name: input.name, url: input.url, createdBy: callerId, ...sealHeaders(ctx, team.id, input.headers ?? null) });
      await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'mcp_server.created', target: mcpTarget(row), details: { host: hostOf(row.url), headers: Object.keys(input.headers ?? {}) } });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MCP_SERVER_MESSAGES.nameTaken(input.name));
    throw error;
  }
  return presentOne(ctx, await listAndStoreTools(ctx, server));
}

/** PATCH /teams/:handle/mcp-servers/:id: a new address or new headers list its tools again. */
export async function updateMcpServer(ctx: AppContext, handle: string, callerId: string, id: string, input: TUpdateInput): Promise<TMcpServer> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  const server = await assertServerOfTeam(ctx, team.id, id);
  assertHeaderNames(input.headers);
  const changes: Parameters<typeof updateMcpServerRow>[2] = {};
  if (input.name !== undefined && input.name !== server.name) {
    if (await mcpServerNameTaken(ctx.db, team.id, input.name, server.id)) throw conflict(MCP_SERVER_MESSAGES.nameTaken(input.name));
    changes.name = input.name;
  }
  if (input.url !== undefined && input.url !== server.url) {
    await assertServerUrl(ctx, input.url);
    changes.url = input.url;
  }
  if (input.headers !== undefined) Object.assign(changes, sealHeaders(ctx, team.id, input.headers));
  if (Object.keys(changes).length === 0) return presentOne(ctx, server);
  let updated: McpServerRow;
  try {
    updated = await inTransaction(ctx.db, async (tx) => {
      const row = (await updateMcpServerRow(tx, server.id, changes)) ?? server;
      // Names of what changed; never the headers' values, and only the host of an address (it may carry a key).
      const details = {
        fields: [changes.name !== undefined && 'name', changes.url !== undefined && 'url', input.headers !== undefined && 'headers'].filter(Boolean),
        ...(changes.name !== undefined && { name: { from: server.name, to: row.name } }),
        ...(changes.url !== undefined && { host: { from: hostOf(server.url), to: hostOf(row.url) } }),
      };
      await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'mcp_server.updated', target: mcpTarget(row), details });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MCP_SERVER_MESSAGES.nameTaken(input.name ?? server.name));
    throw error;
  }
  const reconnect = changes.url !== undefined || input.headers !== undefined;
  return presentOne(ctx, reconnect ? await listAndStoreTools(ctx, updated) : updated);
}

/** DELETE /teams/:handle/mcp-servers/:id: its tools and every agent's policies for them go with it. */
export async function deleteMcpServer(ctx: AppContext, handle: string, callerId: string, id: string): Promise<void> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  const server = await assertServerOfTeam(ctx, team.id, id);
  await inTransaction(ctx.db, async (tx) => {
    await deleteMcpServerRow(tx, server.id);
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'mcp_server.deleted', target: mcpTarget(server), details: { host: hostOf(server.url) } });
  });
}

const mcpTarget = (server: McpServerRow) => ({ kind: 'mcp_server' as const, id: server.id, name: server.name });
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : '');

/** POST /teams/:handle/mcp-servers/:id/refresh */
export async function refreshMcpServer(ctx: AppContext, handle: string, callerId: string, id: string): Promise<TMcpServer> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  const server = await assertServerOfTeam(ctx, team.id, id);
  return presentOne(ctx, await listAndStoreTools(ctx, server));
}
