import type { TSearchConversation, TSearchPage, TSearchQuery, TSnippetPart } from '@agentroom/shared';
import { markdownToPlainText } from '@agentroom/shared/markdown';
import type { AppContext } from '../context';
import { presentSender } from './chat-presenters';
import { findAgentsByIds, findParticipants, findTeamsByIds } from './chat-repo';
import { findConversationsByIds, findHeadlines, findMessageContents, findReadableConversationIds, findSearchHits } from './search-repo';
import { presentSearchConversation } from './search-conversations';
import { isThread } from './thread-parent';
import { threadPlaceOf } from './thread-repo';

/*
 * Full-text search over messages (Postgres and PGlite alike) on `search_vector`, the stored
 * `to_tsvector('english', content)` of each message; the query text goes through
 * `websearch_to_tsquery` ("quoted phrases", -exclusions, or), which never fails on user input.
 */

// ts_headline marks matches with characters from the Private Use Area, which the message text cannot
// bring in (they are dropped from it first). Its parser also swallows anything that looks like an
// HTML tag, so '<' is swapped for a third one going in and back afterwards: the snippet keeps the
// text as written, and the client renders it as text with <mark>s, never as HTML.
const START = '\uE000';
const STOP = '\uE001';
const LESS_THAN = '\uE002';

/**
 * The snippets of the page's messages, in order: each message read as a bubble shows it (its
 * Markdown's text: '**three** items' as 'three items', a link as its words, raw HTML left out, as
 * in the bubble), then ts_headline over that.
 */
async function headlinesOf(ctx: AppContext, contents: string[], q: string): Promise<string[]> {
  const texts = contents.map((content) => markdownToPlainText(content, Number.POSITIVE_INFINITY));
  // The markers cannot come from the text: they are dropped from it, and '<' becomes LESS_THAN.
  return findHeadlines(ctx.database, texts, q, { start: START, stop: STOP, replace: `<${START}${STOP}${LESS_THAN}`, with: LESS_THAN });
}

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

/**
 * Messages matching `q` in every conversation the caller takes part in and may still use (the one
 * rule of chat-access, so someone who left a team finds nothing of it), newest first. Deleted
 * messages and AI notices are left out.
 *
 * The readable conversations come first, as a list of ids; the page of hits is then read one of
 * those conversations at a time (search-sql.ts: each walked newest first, a bound from the hits
 * found, the GIN index of conversation + words for rare terms), so its cost follows what the caller
 * may read, not how many messages others have. The snippet (ts_headline, the costly part) is made
 * for the page's rows only.
 */
export async function searchMessages(ctx: AppContext, agentId: string, query: TSearchQuery): Promise<TSearchPage> {
  const { q, page, limit } = query;
  const readableIds = await findReadableConversationIds(ctx.db, agentId);
  if (readableIds.length === 0) return { results: [], pagination: { page, limit, hasMore: false } };
  const hits = await findSearchHits(ctx.database, { readableIds, q, page, limit });
  const pageRows = hits.slice(0, limit);
  if (pageRows.length === 0) return { results: [], pagination: { page, limit, hasMore: false } };

  // A hit in a thread (decision 0026) is described by its parent: that is where it is opened.
  const hitConversations = await findConversationsByIds(ctx.db, [...new Set(pageRows.map((h) => h.conversationId))]);
  const places = new Map(hitConversations.filter(isThread).map((t) => [t.id, threadPlaceOf(t)]));
  const parentIds = [...new Set([...places.values()].map((p) => p.parentConversationId))];
  const parents = parentIds.length ? await findConversationsByIds(ctx.db, parentIds) : [];
  const described = [...hitConversations.filter((c) => !isThread(c)), ...parents];
  const [contents, participants] = await Promise.all([
    findMessageContents(ctx.db, pageRows.map((h) => h.id)),
    findParticipants(ctx.db, described.map((c) => c.id)),
  ]);
  const agentById = new Map(participants.map((p) => [p.agent.id, p.agent]));
  const missingSenders = [...new Set(pageRows.map((h) => h.senderAgentId))].filter((id) => !agentById.has(id));
  const [senders, teams, headlines] = await Promise.all([
    findAgentsByIds(ctx.db, missingSenders),
    findTeamsByIds(ctx.db, [...new Set(described.flatMap((c) => (c.teamId ? [c.teamId] : [])))]),
    headlinesOf(ctx, contents.map((c) => c.content), q),
  ]);
  const headlineById = new Map(contents.map((c, i) => [c.id, headlines[i]!]));
  const senderById = new Map([...agentById, ...senders.map((a) => [a.id, a] as const)]);
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const summaries = new Map<string, TSearchConversation>();
  for (const conversation of described) {
    const team = conversation.teamId ? teamById.get(conversation.teamId) : undefined;
    summaries.set(conversation.id, presentSearchConversation(conversation, agentId, participants, team));
  }

  return {
    results: pageRows.map((hit) => ({
      messageId: hit.id,
      seq: hit.seq,
      timestamp: hit.createdAt.toISOString(),
      sender: presentSender(senderById.get(hit.senderAgentId)!),
      snippet: snippetParts(headlineById.get(hit.id) ?? ''),
      conversation: summaries.get(places.get(hit.conversationId)?.parentConversationId ?? hit.conversationId)!,
      ...(places.has(hit.conversationId) ? { inThread: places.get(hit.conversationId)! } : {}),
    })),
    pagination: { page, limit, hasMore: hits.length > limit },
  };
}
