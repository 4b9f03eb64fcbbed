import type { TToolApprovers } from '@agentroom/shared';
import type { AppContext } from '../../context';
import type { AgentRow } from '../../db/rows';

/**
 * Who a tool acts for (decision 0024): the person whose message started the reply (in a room chain,
 * the person who started the chain), never with more rights than theirs. `personId` null: nobody
 * (a reply no person asked for runs no tool that reads on someone's behalf).
 */
export interface RunAs {
  personId: string | null;
  agentId: string;
  conversationId: string;
  teamId: string | null;
  jobId: string;
}

/** A tool an agent may call in this reply (tools that are off are never listed). */
export interface AvailableTool {
  /** `builtin:search_messages` or `mcp:<serverId>:<tool name>`. */
  key: string;
  /** The function name the model is given and calls (^[A-Za-z0-9_-]{1,64}$, unique in a reply): search_messages, crm__lookup_order. */
  modelName: string;
  /** As people read it: search_messages, crm.lookup_order. */
  title: string;
  description: string;
  /** JSON Schema of its arguments. */
  parameters: Record<string, unknown>;
  serverId: string | null;
  policy: 'auto' | 'approval';
  approvers: TToolApprovers;
}

/** What a tool answered: text for the model (already capped), or an error the model is told of. */
export interface ToolResult {
  text: string;
  isError: boolean;
}

/** The tools of the runner's world: what an agent may call, running one, and how a step is labelled. */
export interface ToolBox {
  toolsFor(ctx: AppContext, agent: AgentRow, runAs: RunAs): Promise<AvailableTool[]>;
  /** Runs a tool; never throws for the tool's own failures (bad arguments, a server down, a timeout): those are `isError` results. */
  run(ctx: AppContext, tool: AvailableTool, args: Record<string, unknown>, runAs: RunAs, signal: AbortSignal): Promise<ToolResult>;
  /** "Searched messages for 'Q3 plan'", "Read earlier messages", "Called crm.lookup_order". */
  label(title: string, args: Record<string, unknown> | null): string;
}
