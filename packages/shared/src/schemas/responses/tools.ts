import { z } from 'zod';
import { TOOL_APPROVERS, TOOL_POLICIES } from '../tools';
import { ZChatMessage, ZFileRead, ZToolApproval, ZToolStep } from './chat';

import { ZIsoDateTime } from './users';

/** A tool of the team's MCP server, as last listed. */
export const ZMcpTool = z.strictObject({ name: z.string(), description: z.string() }).meta({ id: 'McpTool' });

/** An MCP server of a team; its auth headers are never returned, only their names. */
export const ZMcpServer = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    url: z.string(),
    headerNames: z.array(z.string()),
    tools: z.array(ZMcpTool),
    /** When its tools were last listed; `lastError` says why the last listing failed (null: it worked). */
    toolsListedAt: ZIsoDateTime.nullable(),
    lastError: z.string().nullable(),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: 'McpServer' });
export type TMcpServer = z.infer<typeof ZMcpServer>;

export const ZMcpServerResponse = z.strictObject({ server: ZMcpServer });
export const ZMcpServersResponse = z.strictObject({ servers: z.array(ZMcpServer) });
export const ZDeletedMcpServerResponse = z.strictObject({ deleted: z.literal(true) });

/** One tool an AI agent may be given, with its policy for that agent. */
export const ZAgentTool = z
  .strictObject({
    key: z.string(),
    /** As people read it: "search_messages", "crm.lookup_order". */
    title: z.string(),
    description: z.string(),
    source: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('builtin') }),
      z.strictObject({ kind: z.literal('mcp'), serverId: z.uuid(), serverName: z.string() }),
    ]),
    policy: z.enum(TOOL_POLICIES),
    approvers: z.enum(TOOL_APPROVERS),
  })
  .meta({ id: 'AgentTool' });
export type TAgentTool = z.infer<typeof ZAgentTool>;
export const ZAgentToolsResponse = z.strictObject({ tools: z.array(ZAgentTool) });
export type TAgentToolsResponse = z.infer<typeof ZAgentToolsResponse>;

export const ZToolApprovalResponse = z.strictObject({ approval: ZToolApproval });

/** GET /chat/messages/:id/context: what an AI reply read — the messages, files and tool results that went into it. */
export const ZReplyContextResponse = z.strictObject({
  messages: z.array(ZChatMessage),
  files: z.array(ZFileRead),
  steps: z.array(ZToolStep),
});
export type TReplyContextResponse = z.infer<typeof ZReplyContextResponse>;

/** A team's budget: the owners' setting within the operator's ceiling, and today's use. */
export const ZTeamBudget = z
  .strictObject({
    /** The operator's ceiling (AI_TEAM_DAILY_TOKEN_BUDGET): no team budget goes above it. */
    ceiling: z.number().int().nonnegative(),
    /** The owners' setting (null: the ceiling). */
    dailyTokenBudget: z.number().int().positive().nullable(),
    personDailyTokenLimit: z.number().int().positive().nullable(),
    /** What applies today: min(setting, ceiling). */
    effectiveDailyTokens: z.number().int().nonnegative(),
    usedToday: z.number().int().nonnegative(),
  })
  .meta({ id: 'TeamBudget' });
export type TTeamBudget = z.infer<typeof ZTeamBudget>;
export const ZTeamBudgetResponse = z.strictObject({ budget: ZTeamBudget });

/** Tool calls of one day for one tool. */
export const ZToolUsageRow = z
  .strictObject({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    tool: z.string(),
    calls: z.number().int().nonnegative(),
    errors: z.number().int().nonnegative(),
  })
  .meta({ id: 'ToolUsageRow' });
export type TToolUsageRow = z.infer<typeof ZToolUsageRow>;
