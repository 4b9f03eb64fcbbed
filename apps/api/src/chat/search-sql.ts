/*
 * Search's page of hits as plain SQL text, with nothing to import: the API runs it (search-repo.ts)
 * and the bench EXPLAINs the very same text (bench/src/scenarios/api-statements.ts).
 */

/** How many of its newest messages a search reads per wanted hit before it turns to the GIN index. */
const WALK_PER_HIT = 250;

/**
 * The statement's parameters for a page: `need` is every hit up to the page's end and one more (is
 * there a next page). Each readable conversation is walked newest first until it gives `hitsEach`
 * hits or `walkEach` messages have been read, so the walk reads about `WALK_PER_HIT × need` messages
 * however many conversations the caller has, and stops early for common words.
 */
export function searchHitsParams(input: { readableIds: string; q: string; conversations: number; page: number; limit: number }) {
  const offset = (input.page - 1) * input.limit;
  const need = offset + input.limit + 1;
  const conversations = Math.max(1, input.conversations);
  const hitsEach = Math.ceil(need / conversations);
  const walkEach = Math.max(hitsEach, Math.ceil((WALK_PER_HIT * need) / conversations));
  return [input.readableIds, input.q, walkEach, hitsEach, need, input.limit + 1, offset];
}

/**
 * A page of hits, newest first (created_at desc, id desc), in the conversations `$1` (uuid[]); `$2`
 * is the text as typed (websearch_to_tsquery). Every step reads one conversation at a time through
 * its own index entries, so the cost follows what the caller may read, never what others wrote:
 *
 * 1. `walked`: each conversation newest first (messages_conversation_created_idx), at most `$3`
 *    messages, stopping at its `$4`th hit; the oldest message read is where it stopped (`edges`).
 * 2. If that found `$5` hits, the `$5`th newest of them bounds the page: nothing older is on it.
 *    Conversations whose walk stopped above the bound go on down to it (`dense`: the same index
 *    between two keys, the GIN index kept out by `is true`; what lies there is the caller's own
 *    messages newer than the page's last hit, usually a few).
 * 3. If not, the words are rare in what was read: each conversation that was not read to its end
 *    gives its `$5` newest older hits (`sparse`) the way the planner picks from how common the words
 *    are — its matches from messages_conversation_search_idx (conversation id + words, so they are
 *    only that conversation's), or walking on.
 *
 * Parameters: readable ids, q, walk per conversation, hits per conversation, hits needed, limit + 1,
 * offset. The text must stay an unnamed statement (planned with its values, see
 * `Database.queryRowsUnprepared`): step 3's plan depends on the words.
 */
export const SEARCH_HITS_SQL = `with walked as materialized (
  select r.cid, w.id, w.seq, w.sender_agent_id, w.created_at, w.hit, w.depth
  from unnest($1::uuid[]) as r(cid)
  cross join lateral (
    select * from (
      select m.id, m.seq, m.sender_agent_id, m.created_at,
             m.search_vector @@ websearch_to_tsquery('english', $2) as hit,
             row_number() over (order by m.created_at desc nulls last, m.id desc nulls last) as depth
      from messages m
      where m.conversation_id = r.cid and m.deleted_at is null and m.message_type = 'text'
      order by m.created_at desc nulls last, m.id desc nulls last
      limit $3
    ) as newest
    where newest.hit or newest.depth = $3
    order by newest.created_at desc nulls last, newest.id desc nulls last
    limit $4
  ) as w
),
hits as materialized (
  select cid, id, seq, sender_agent_id, created_at, row_number() over (order by created_at desc, id desc) as rank
  from walked where hit
),
edges as materialized (
  select cid, (array_agg(created_at order by created_at, id))[1] as created_at, (array_agg(id order by created_at, id))[1] as id
  from walked group by cid having count(*) = $4 or max(depth) = $3
),
bound as materialized (select created_at, id from hits where rank = $5),
dense as (
  select e.cid, o.id, o.seq, o.sender_agent_id, o.created_at
  from edges e cross join bound k
  cross join lateral (
    select m.id, m.seq, m.sender_agent_id, m.created_at from messages m
    where m.conversation_id = e.cid and (m.search_vector @@ websearch_to_tsquery('english', $2)) is true
      and m.deleted_at is null and m.message_type = 'text'
      and (m.created_at, m.id) < (e.created_at, e.id) and (m.created_at, m.id) > (k.created_at, k.id)
    order by m.created_at desc nulls last, m.id desc nulls last
    limit $5
  ) as o
  where (e.created_at, e.id) > (k.created_at, k.id)
),
sparse as (
  select e.cid, o.id, o.seq, o.sender_agent_id, o.created_at
  from edges e
  cross join lateral (
    select m.id, m.seq, m.sender_agent_id, m.created_at from messages m
    where m.conversation_id = e.cid and m.search_vector @@ websearch_to_tsquery('english', $2)
      and m.deleted_at is null and m.message_type = 'text'
      and (m.created_at, m.id) < (e.created_at, e.id)
    order by m.created_at desc nulls last, m.id desc nulls last
    limit $5
  ) as o
  where not exists (select from bound)
)
select cid as conversation_id, id, seq, sender_agent_id, (extract(epoch from created_at) * 1000)::float8 as created_at_ms
from (
  select cid, id, seq, sender_agent_id, created_at from hits where rank <= $5
  union all select * from dense
  union all select * from sparse
) as found
order by created_at desc, id desc
limit $6 offset $7`;
