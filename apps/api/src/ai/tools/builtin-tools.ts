import type { TBuiltinToolName } from '@agentroom/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { runReadHistory, ZHistoryArgs } from './builtin-history';
import { runSearchMessages, ZSearchArgs } from './builtin-search';
import { runListTeamMembers } from './builtin-team';
import type { RunAs, ToolResult } from './tool-types';

/** A tool every AI agent may be given; it acts with the rights of the person who asked (RunAs), never more. */
export interface BuiltinTool {
  name: TBuiltinToolName;
  description: string;
  /** JSON Schema of its arguments. */
  parameters: Record<string, unknown>;
  run(ctx: AppContext, args: Record<string, unknown>, runAs: RunAs, signal: AbortSignal): Promise<ToolResult>;
}

/**
 * A tool's `run` with its arguments checked first: arguments that do not fit are an error result
 * telling the model what to fix, never a throw.
 */
function checked<S extends z.ZodType>(schema: S, run: (ctx: AppContext, args: z.output<S>, runAs: RunAs) => Promise<ToolResult>): BuiltinTool['run'] {
  return async (ctx, args, runAs) => {
    const parsed = schema.safeParse(args);
    if (!parsed.success) return { text: `Invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`, isError: true };
    return run(ctx, parsed.data, runAs);
  };
}

export const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  {
    name: 'search_messages',
    description:
      'Search the messages of every conversation the person who asked can read (full text, newest first). Use it to find what was said earlier, elsewhere.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Words to look for' } },
      required: ['query'],
      additionalProperties: false,
    },
    run: checked(ZSearchArgs, runSearchMessages),
  },
  {
    name: 'read_history',
    description: "Read this conversation's earlier messages, older than the ones you were given.",
    parameters: {
      type: 'object',
      properties: {
        before_seq: { type: 'integer', description: 'Read messages older than this sequence number (omit: older than your context)' },
        limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many messages (default 20)' },
      },
      additionalProperties: false,
    },
    run: checked(ZHistoryArgs, runReadHistory),
  },
  {
    name: 'list_team_members',
    description: "List the people and AI agents of this team (names, usernames, roles), as the person who asked sees them.",
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    run: checked(z.strictObject({}), (ctx, _args, runAs) => runListTeamMembers(ctx, runAs)),
  },
];
