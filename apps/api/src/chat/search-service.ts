import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TSearchConversation, TSearchPage, TSearchQuery, TSnippetPart } from '@agentroom/shared';
import type { AppContext } from '../context';
import { conversationParticipants, conversations, messages } from '../db/schema';
import { conversationTeamAccessSql } from './chat-access';
import { presentSender } from './chat-presenters';
import { findAgentsByIds, findParticipants, findTeamsByIds, isAnyOf } from './chat-repo';
import { avatarUrlOf } from '../users/presenters';

/**
 * Full-text search over messages (Postgres and PGlite alike) on `search_vector`, the stored
 * `to_tsvector('english', content)` of each message (GIN index `messages_search_vector_idx`); the
 * query text goes through `websearch_to_tsquery` ("quoted phrases", -exclusions, or), which never
 * fails on user input.
 */
const matches = (query: string) => sql`${messages.searchVector} @@ websearch_to_tsquery('english', ${query})`;

// ts_headline marks matches with characters from the Private Use Area, which the message text cannot
// bring in (they are dropped from it first). Its parser also swallows anything that looks like an
// HTML tag, so '<' is swapped for a third one going in and back afterwards: the snippet keeps the
// text as written, and the client renders it as text with <mark>s, never as HTML.
const START = '\uE000';
const STOP = '\uE001';
const LESS_THAN = '\uE002';
const headline = (query: string) =>
  sql<string>`ts_headline('english', translate(${messages.content}, ${`<${START}${STOP}${LESS_THAN}`}, ${LESS_THAN}),
    websearch_to_tsquery('english', ${query}), ${`StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12`})`;

/** The headline as text pieces, matched words flagged. */
function snippetParts(marked: string): TSnippetPart[] {
  const parts: TSnippetPart[] = [];
  const text = marked.replaceAll(LESS_THAN, '<');
  let highlight = false;
  let from = 0;
  for (let i = 0; i <= text.length; i += 1) {
    const char = text[i];
    if (i < text.length && char !== START && char !== STOP) continue;
    if (i > from) parts.push({ text: text.slice(from, i), highlight });
    if (char === START) highlight = true;
    else if (char === STOP) highlight = false;
    from = i + 1;
  }
  return parts;
}

/** Up to this many messages in the caller's conversations, the search may read them by conversation. */
const FEW_READABLE_MESSAGES = 20_000;

/**
 * The caller's conversations as a condition. When they hold few messages, Postgres may read those
 * by conversation (`messages_conversation_seq_key`) and intersect them with a term's matches. When
 * they hold many, that bitmap costs more than it saves (100,000 index entries: tens of ms, where
 * the planner counts it cheap), so the list stays a filter — `is not false` keeps it out of the
 * index conditions, while the planner still estimates its selectivity from the column's statistics.
 */
function inReadable(readable: { id: string; lastSeq: number }[]) {
  const condition = isAnyOf(messages.conversationId, readable.map((r) => r.id));
  const total = readable.reduce((sum, r) => sum + r.lastSeq, 0);
  return total <= FEW_READABLE_MESSAGES ? condition : sql`(${condition}) is not false`;
}

/**
 * Messages matching `q` in every conversation the caller takes part in and may still use (the one
 * rule of chat-access, so someone who left a team finds nothing of it), newest first. Deleted
 * messages and AI notices are left out.
 *
 * The readable conversations come first, as a list of ids: the search itself is then one table and
 * an id list, and the planner weighs the list against how common the terms are (the column's
 * statistics) — a common word walks `messages_searchable_created_idx` newest first and stops at the
 * page, a rare one reads its few matches from the GIN index. The snippet (ts_headline, the costly
 * part) is made for the page's rows only.
 */
export async function searchMessages(ctx: AppContext, agentId: string, query: TSearchQuery): Promise<TSearchPage> {
  const { q, page, limit } = query;
  const readable = await ctx.db
    .select({ id: conversations.id, lastSeq: conversations.lastSeq })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)),
    )
    .where(conversationTeamAccessSql(agentId));
  if (readable.length === 0) return { results: [], pagination: { page, limit, hasMore: false } };
  const hits = await ctx.db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      seq: messages.seq,
      senderAgentId: messages.senderAgentId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        inReadable(readable),
        matches(q),
        isNull(messages.deletedAt),
        eq(messages.messageType, 'text'),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  const pageRows = hits.slice(0, limit);
  if (pageRows.length === 0) return { results: [], pagination: { page, limit, hasMore: false } };

  const conversationIds = [...new Set(pageRows.map((h) => h.conversationId))];
  const [conversationRows, headlines, participants] = await Promise.all([
    ctx.db.select().from(conversations).where(inArray(conversations.id, conversationIds)),
    ctx.db
      .select({ id: messages.id, headline: headline(q) })
      .from(messages)
      .where(inArray(messages.id, pageRows.map((h) => h.id))),
    findParticipants(ctx.db, conversationIds),
  ]);
  const agentById = new Map(participants.map((p) => [p.agent.id, p.agent]));
  const missingSenders = [...new Set(pageRows.map((h) => h.senderAgentId))].filter((id) => !agentById.has(id));
  const [senders, teams] = await Promise.all([
    findAgentsByIds(ctx.db, missingSenders),
    findTeamsByIds(ctx.db, [...new Set(conversationRows.flatMap((c) => (c.teamId ? [c.teamId] : [])))]),
  ]);
  const headlineById = new Map(headlines.map((h) => [h.id, h.headline]));
  const senderById = new Map([...agentById, ...senders.map((a) => [a.id, a] as const)]);
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const summaries = new Map<string, TSearchConversation>();
  for (const conversation of conversationRows) {
    const others = participants.filter((p) => p.participant.conversationId === conversation.id && p.agent.id !== agentId);
    const other = others.length === 1 ? others[0]!.agent : undefined;
    const team = conversation.teamId ? teamById.get(conversation.teamId) : undefined;
    summaries.set(conversation.id, {
      id: conversation.id,
      conversationType: conversation.type,
      team: team ? { id: team.id, handle: team.handle, name: team.name } : null,
      roomName: conversation.type === 'room' ? conversation.name : null,
      otherAgent: conversation.type !== 'room' && other
        ? {
            id: other.id,
            username: other.username,
            firstName: other.firstName,
            lastName: other.lastName,
            avatarUrl: avatarUrlOf(other),
            isAgent: !other.isHuman,
          }
        : null,
    });
  }

  return {
    results: pageRows.map((hit) => ({
      messageId: hit.id,
      seq: hit.seq,
      timestamp: hit.createdAt.toISOString(),
      sender: presentSender(senderById.get(hit.senderAgentId)!),
      snippet: snippetParts(headlineById.get(hit.id) ?? ''),
      conversation: summaries.get(hit.conversationId)!,
    })),
    pagination: { page, limit, hasMore: hits.length > limit },
  };
}
