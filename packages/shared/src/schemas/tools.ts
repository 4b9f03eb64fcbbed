import { z } from 'zod';
import { safeString } from './text';

/**
 * Agents that act: tools, MCP servers, approvals, budgets (decision 0024). Requests here; what the
 * API answers is in responses/tools.ts.
 */

/** A tool's policy for one AI agent: runs on its own, needs a person's approval, or is off. */
export const TOOL_POLICIES = ['auto', 'approval', 'off'] as const;
export type TToolPolicy = (typeof TOOL_POLICIES)[number];

/**
 * Who may approve a call that needs approval: the person who started the reply and the room's
 * managers (the default), only the managers, or anyone in the conversation.
 */
export const TOOL_APPROVERS = ['requester_and_managers', 'managers', 'room_members'] as const;
export type TToolApprovers = (typeof TOOL_APPROVERS)[number];

/** How a tool call stands: waiting for approval, approved, running, done, failed, denied, expired. */
export const TOOL_CALL_STATUSES = ['pending_approval', 'approved', 'running', 'done', 'error', 'denied', 'expired'] as const;
export type TToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

/** The built-in tools every AI agent may be given (they act with the rights of the person who asked). */
export const BUILTIN_TOOL_NAMES = ['search_messages', 'read_history', 'list_team_members'] as const;
export type TBuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

export const MCP_SERVER_LIMITS = {
  nameMax: 40,
  urlMax: 2000,
  headersMax: 10,
  headerNameMax: 100,
  headerValueMax: 4000,
} as const;

/** A header name as HTTP allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const ZMcpServerName = safeString()
  .trim()
  .min(1, 'Name the server')
  .max(MCP_SERVER_LIMITS.nameMax, `At most ${MCP_SERVER_LIMITS.nameMax} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Letters, digits, - and _ only (the name prefixes its tools: crm.lookup_order)');

const ZMcpServerUrl = safeString()
  .trim()
  .max(MCP_SERVER_LIMITS.urlMax)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Enter the http:// or https:// address of the MCP endpoint');

/** Auth headers sent to the server (e.g. Authorization); stored encrypted, never shown again. */
const ZMcpHeaders = z
  .record(
    safeString().max(MCP_SERVER_LIMITS.headerNameMax).regex(HEADER_NAME, 'Not a valid header name'),
    safeString().max(MCP_SERVER_LIMITS.headerValueMax).regex(/^[^\r\n]*$/, 'A header value is one line'),
  )
  .refine((headers) => Object.keys(headers).length <= MCP_SERVER_LIMITS.headersMax, `At most ${MCP_SERVER_LIMITS.headersMax} headers`);

export const ZCreateMcpServerRequest = z.strictObject({
  name: ZMcpServerName,
  url: ZMcpServerUrl,
  headers: ZMcpHeaders.optional(),
});
export type TCreateMcpServerRequest = z.input<typeof ZCreateMcpServerRequest>;

/** `headers: null` removes the stored headers; omitted keeps them. */
export const ZUpdateMcpServerRequest = z.strictObject({
  name: ZMcpServerName.optional(),
  url: ZMcpServerUrl.optional(),
  headers: ZMcpHeaders.nullable().optional(),
});
export type TUpdateMcpServerRequest = z.input<typeof ZUpdateMcpServerRequest>;

export const ZMcpServerParams = z.object({ handle: z.string(), id: z.uuid({ error: 'MCP server not found' }) });

/** A tool's key: `builtin:<name>` or `mcp:<serverId>:<tool name>`. */
export const ZToolKey = safeString()
  .max(400)
  .regex(/^(builtin:[a-z_]+|mcp:[0-9a-f-]{36}:.+)$/, 'Unknown tool');

export const ZUpdateAgentToolsRequest = z.strictObject({
  /** The tools to change; tools not named keep their policy. */
  tools: z
    .array(z.strictObject({ key: ZToolKey, policy: z.enum(TOOL_POLICIES), approvers: z.enum(TOOL_APPROVERS).optional() }))
    .max(500),
});
export type TUpdateAgentToolsRequest = z.input<typeof ZUpdateAgentToolsRequest>;

export const ZToolCallParams = z.object({ id: z.uuid({ error: 'Tool call not found' }) });

/** Owners set their team's daily AI token budget and a per-person limit inside it (null: the operator's ceiling / no limit). */
export const ZUpdateTeamBudgetRequest = z.strictObject({
  dailyTokenBudget: z.number().int().positive().max(1_000_000_000).nullable(),
  personDailyTokenLimit: z.number().int().positive().max(1_000_000_000).nullable(),
});
export type TUpdateTeamBudgetRequest = z.input<typeof ZUpdateTeamBudgetRequest>;

/** What approving or denying a tool call answers when it cannot. */
export const TOOL_CALL_ERRORS = {
  notFound: 'Tool call not found',
  mayNotDecide: 'Only the people named on this request can approve or deny it.',
  alreadyDecided: 'This request was already decided.',
} as const;
