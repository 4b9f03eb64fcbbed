import { and, eq, inArray } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { conversationParticipants, conversations, messages } from '../db/schema';
import { conversationTeamAccessSql } from './chat-access-sql';
import { uuidArray } from './chat-repo';
import { SEARCH_HITS_SQL, searchHitsParams } from './search-sql';

/** The conversations the agent takes part in and may still use (chat-access's team rule). */
export async function findReadableConversationIds(db: DbOrTx, agentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)),
    )
    .where(conversationTeamAccessSql(agentId));
  return rows.map((row) => row.id);
}

/** The page of hits (and one more, for `hasMore`) in `readableIds`, newest first (search-sql.ts). */
export async function findSearchHits(database: Database, input: { readableIds: string[]; q: string; page: number; limit: number }) {
  const { readableIds, ...page } = input;
  const rows = await database.queryRowsUnprepared(
    SEARCH_HITS_SQL,
    searchHitsParams({ readableIds: uuidArray(readableIds), conversations: readableIds.length, ...page }),
  );
  return rows.map((row) => ({
    id: String(row.id),
    conversationId: String(row.conversation_id),
    seq: Number(row.seq),
    senderAgentId: String(row.sender_agent_id),
    createdAt: new Date(Number(row.created_at_ms)),
  }));
}

export async function findConversationsByIds(db: DbOrTx, conversationIds: string[]): Promise<ConversationRow[]> {
  return db.select().from(conversations).where(inArray(conversations.id, conversationIds));
}

export async function findMessageContents(db: DbOrTx, messageIds: string[]): Promise<{ id: string; content: string }[]> {
  return db.select({ id: messages.id, content: messages.content }).from(messages).where(inArray(messages.id, messageIds));
}

const HEADLINES_SQL = `select ts_headline('english', translate(t.text, $2, $3), websearch_to_tsquery('english', $4), $5) as headline
from json_array_elements_text($1::json) with ordinality as t(text, n)
order by t.n`;

/**
 * ts_headline of each text for `q`, in order, matches between `marks.start` and `marks.stop`; the
 * characters of `marks.replace` are swapped for those of `marks.with` first (translate()).
 */
export async function findHeadlines(
  database: Database,
  texts: string[],
  q: string,
  marks: { start: string; stop: string; replace: string; with: string },
): Promise<string[]> {
  const rows = await database.queryRowsUnprepared(HEADLINES_SQL, [
    JSON.stringify(texts),
    marks.replace,
    marks.with,
    q,
    `StartSel=${marks.start}, StopSel=${marks.stop}, MaxWords=30, MinWords=12`,
  ]);
  return rows.map((row) => String(row.headline));
}
