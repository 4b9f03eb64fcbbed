import { sql } from 'drizzle-orm';
import { THREAD_REPLIERS_SHOWN, type TThreadSummary } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import type { AgentRow } from '../db/rows';
import { avatarUrlOf } from '../users/presenters';
import { uuidArray } from './chat-repo';

interface SummaryRow {
  conversation_id: string;
  root_id: string;
  reply_count: string | number;
  last_reply_at: Date | string | null;
  repliers: Pick<AgentRow, 'id' | 'firstName' | 'lastName' | 'username' | 'biometric'>[] | string | null;
}

/**
 * The summaries under these roots, of those whose thread has a reply (deleted ones too: a thread
 * whose replies were all deleted still shows, with 0): one statement for a whole page of messages.
 */
export async function findThreadSummaries(db: DbOrTx, rootMessageIds: string[]): Promise<Map<string, TThreadSummary>> {
  const summaries = new Map<string, TThreadSummary>();
  if (rootMessageIds.length === 0) return summaries;
  const result = await db.execute<SummaryRow & Record<string, unknown>>(sql`
    select t.id as conversation_id, t.thread_root_message_id as root_id,
      (select count(*) from messages m where m.conversation_id = t.id and m.deleted_at is null) as reply_count,
      (select max(m.created_at) from messages m where m.conversation_id = t.id and m.deleted_at is null) as last_reply_at,
      r.repliers
    from conversations t
    left join lateral (
      select json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name,
               'username', a.username, 'biometric', a.biometric) order by s.last_at desc) as repliers
      from (
        select m.sender_agent_id, max(m.created_at) as last_at from messages m
        where m.conversation_id = t.id and m.deleted_at is null
        group by m.sender_agent_id order by last_at desc limit ${THREAD_REPLIERS_SHOWN}
      ) s join agents a on a.id = s.sender_agent_id
    ) r on true
    where t.thread_root_message_id = any(${uuidArray(rootMessageIds)}::uuid[]) and t.last_seq > 0`);
  for (const row of (result as unknown as { rows: SummaryRow[] }).rows) {
    const repliers = typeof row.repliers === 'string' ? (JSON.parse(row.repliers) as Exclude<SummaryRow['repliers'], string>) : row.repliers;
    summaries.set(row.root_id, {
      conversationId: row.conversation_id,
      replyCount: Number(row.reply_count),
      lastReplyAt: row.last_reply_at === null ? null : new Date(row.last_reply_at).toISOString(),
      repliers: (repliers ?? []).map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, avatarUrl: avatarUrlOf(a) })),
    });
  }
  return summaries;
}
