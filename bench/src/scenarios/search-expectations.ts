import type { WorkerHandle } from '../support/child-worker';
import type { CheckedRequest } from '../workers/checked-read-worker';
import { vocabulary } from '../workers/sql-fixtures';

const PAGE = 20;

/** A query as typed, its class in the report, and the page asked for. */
interface SearchQuery {
  label: string;
  q: string;
  page: number;
}

/**
 * The concurrent searchers' queries: words of every selectivity of the load's vocabulary (the
 * commonest is in about half the messages, the 1,800th in a few), code words (one the searcher has,
 * one nobody may have), phrases, two words, `or`, an exclusion, prefixes of words (full-text search
 * matches whole words, so these find what the stemmer makes of them: usually nothing), no match,
 * and later pages. The search API has no conversation filter, so there is no query with one.
 */
function queriesFor(ownCode: string | undefined): SearchQuery[] {
  const w = vocabulary(3000);
  const list: [string, string, number?][] = [
    ['common word', w[0]!],
    ['common word', w[1]!],
    ['common word', w[2]!],
    ['common word, page 2', w[0]!, 2],
    ['common word, page 3', w[1]!, 3],
    ['mid word', w[9]!],
    ['mid word', w[40]!],
    ['mid word', w[99]!],
    ['rare word', w[999]!],
    ['rare word', w[1800]!],
    ['rare word', w[2700]!],
    ['rare code word', ownCode ?? 'code4242'],
    ['rare code word', 'code4242'],
    ['phrase', `"${w[0]} ${w[1]}"`],
    ['phrase', `"${w[2]} ${w[0]}"`],
    ['two words', `${w[2]} ${w[49]}`],
    ['two words', `${w[0]} ${w[9]}`],
    ['or', `${w[7]} or ${w[300]}`],
    ['exclusion', `${w[4]} -${w[0]}`],
    ['prefix-like', w[5]!.slice(0, 5)],
    ['prefix-like', w[30]!.slice(0, 4)],
    ['no match', 'xylophonequartz'],
  ];
  return list.map(([label, q, page]) => ({ label, q, page: page ?? 1 }));
}

/** The searcher's conversations, as the participants table says (personal conversations, no team: all readable). */
const MINE = `m.conversation_id in (select p.conversation_id from conversation_participants p where p.agent_id = $1)
  and m.deleted_at is null and m.message_type = 'text'`;

export interface SearchExpectations {
  requests: CheckedRequest[];
  /** Hits of each query for this searcher (all pages). */
  hits: Record<string, number>;
}

/**
 * What each of the searcher's queries must answer, read with a plain statement (every matching
 * message of their conversations, newest first: not the API's per-conversation walk), so a search
 * that is fast because it skipped hits shows up as a wrong answer.
 */
export async function searchExpectations(sql: WorkerHandle, readerId: string): Promise<SearchExpectations> {
  const [own] = await sql.call<{ code: string }[]>({
    cmd: 'rows',
    text: `select substring(m.content from 'code[0-9]+') as code from messages m where ${MINE} order by m.created_at desc, m.id desc limit 1 offset 7`,
    params: [readerId],
  });
  const requests: CheckedRequest[] = [];
  const hits: Record<string, number> = {};
  for (const { label, q, page } of queriesFor(own?.code)) {
    const rows = await sql.call<{ id: string }[]>({
      cmd: 'rows',
      text: `select m.id::text as id from messages m where ${MINE} and m.search_vector @@ websearch_to_tsquery('english', $2)
             order by m.created_at desc, m.id desc limit $3 offset $4`,
      params: [readerId, q, PAGE + 1, (page - 1) * PAGE],
    });
    const [count] = await sql.call<{ n: number }[]>({
      cmd: 'rows',
      text: `select count(*)::int as n from messages m where ${MINE} and m.search_vector @@ websearch_to_tsquery('english', $2)`,
      params: [readerId, q],
    });
    hits[`${q}${page > 1 ? ` p${page}` : ''}`] = count!.n;
    requests.push({
      path: `/api/v1/chat/search?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`,
      label,
      expect: { ids: rows.slice(0, PAGE).map((r) => r.id), hasMore: rows.length > PAGE },
    });
  }
  return { requests, hits };
}
