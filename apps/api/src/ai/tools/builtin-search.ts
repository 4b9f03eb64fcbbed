import { z } from 'zod';
import type { AppContext } from '../../context';
import { searchMessages } from '../chat-link';
import type { RunAs, ToolResult } from './tool-types';

export const ZSearchArgs = z.strictObject({ query: z.string().trim().min(1, 'query is empty').max(200, 'query is longer than 200 characters') });

const RESULTS = 10;

/**
 * search_messages: chat's own search, run as the person who asked, so it finds only what they may
 * read (their conversations, and rooms of teams they are still in); newest first, snippets only.
 */
export async function runSearchMessages(ctx: AppContext, args: z.output<typeof ZSearchArgs>, runAs: RunAs): Promise<ToolResult> {
  if (!runAs.personId) return { text: 'No person asked for this reply, so there is nobody to search as.', isError: true };
  const page = await searchMessages(ctx, runAs.personId, { q: args.query, page: 1, limit: RESULTS });
  if (page.results.length === 0) return { text: `No messages found for "${args.query}".`, isError: false };
  const results = page.results.map((r) => ({
    // A thread reply (decision 0026) is named by its conversation, and said to be in a thread.
    where: `${whereOf(r.conversation)}${r.inThread ? ', in a thread' : ''}`,
    from: [r.sender.firstName, r.sender.lastName].filter(Boolean).join(' '),
    at: r.timestamp,
    text: r.snippet.map((part) => part.text).join(''),
  }));
  return { text: JSON.stringify({ results }), isError: false };
}

function whereOf(conversation: { conversationType: string; roomName: string | null; team: { name: string } | null; otherAgent: { firstName: string; lastName: string } | null }): string {
  const team = conversation.team ? ` (${conversation.team.name})` : '';
  if (conversation.conversationType === 'room') return `#${conversation.roomName ?? ''}${team}`;
  const other = conversation.otherAgent ? [conversation.otherAgent.firstName, conversation.otherAgent.lastName].filter(Boolean).join(' ') : 'someone';
  return `conversation with ${other}${team}`;
}
