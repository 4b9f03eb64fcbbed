import { randomUUID } from 'node:crypto';

/**
 * Bulk loads for the inbox and search scenarios, run by the SQL worker: rows are written the way the
 * API leaves them (gap-free seq per conversation, `last_seq` and `last_message_at` on the
 * conversation, UUIDv7-like ids derived from `created_at`, every sender's own messages at or below
 * their read cursor, as a send moves it), in a few set-based statements, never through HTTP.
 */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** A UUIDv7-like id from a timestamp expression and a hash text, in SQL (same as the history load). */
const uuidFrom = (ts: string, hash: string) =>
  `(lpad(to_hex((extract(epoch from ${ts}) * 1000)::bigint), 12, '0') || '7' || substr(${hash}, 1, 3) || '8' || substr(${hash}, 4, 15))::uuid`;

/** Agents that exist only as rows (no account): the people on the other side. */
async function insertAgents(query: Query, prefix: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await query(
    `insert into agents (id, username, first_name, last_name)
     select id, $2 || n, 'Peer', 'No ' || n from unnest($1::uuid[]) with ordinality as t(id, n)`,
    [ids, prefix],
  );
  return ids;
}

export interface InboxLoadResult {
  conversations: number;
  messages: number;
  /** What the person's unread counts in these conversations must add up to (messages from others after their read cursor). */
  expectedUnread: number;
  /** The conversations loaded, newest first, the team's #general last (the person may be in others too). */
  ids: string[];
  /** Each loaded conversation's unread count for the person, in the order of `ids`. */
  unread: number[];
  seconds: number;
}

/**
 * The person in `conversations` conversations (one in five team-scoped, in a team they and the peer
 * belong to), each holding `messagesEach` messages. A third of them fully read, a third a few
 * unread, a third anywhere from none to all unread: the unread tail is the peer's messages only.
 */
export async function loadInbox(query: Query, personId: string, conversations: number, messagesEach: number): Promise<InboxLoadResult> {
  const started = performance.now();
  const tag = randomUUID().slice(0, 8);
  const peers = await insertAgents(query, `inbox${tag}_`, conversations);
  const teamId = randomUUID();
  await query(`insert into teams (id, name, handle) values ($1, 'Bench inbox team', $2)`, [teamId, `bench-inbox-${tag}`]);
  const teamScoped = peers.map((_, i) => i % 5 === 4);
  await query(
    `insert into team_members (id, team_id, agent_id, role)
     select gen_random_uuid(), $1, a, 'member' from unnest($2::uuid[]) as a`,
    [teamId, [personId, ...peers.filter((_, i) => teamScoped[i])]],
  );
  // Every team has its #general with its people in it (a server starting adds one to a team without),
  // older than every conversation of the load: the last in the person's list, nothing unread.
  const generalId = randomUUID();
  await query(
    `insert into conversations (id, type, pair_key, team_id, name, topic, is_private, is_general, created_at)
     values ($1::uuid, 'room', 'room:' || $1::text, $2::uuid, 'general', '', false, true, now() - interval '90 days')`,
    [generalId, teamId],
  );
  await query(
    `insert into conversation_participants (id, conversation_id, agent_id, joined_at)
     select gen_random_uuid(), $1, a, now() - interval '90 days' from unnest($2::uuid[]) as a`,
    [generalId, [personId, ...peers.filter((_, i) => teamScoped[i])]],
  );
  const ids = peers.map(() => randomUUID());
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const readSeqs = peers.map((_, i) =>
    i % 3 === 0 ? messagesEach : i % 3 === 1 ? Math.max(0, messagesEach - (i % 10)) : Math.floor(random() * (messagesEach + 1)),
  );
  await query(
    `insert into conversations (id, type, team_id, pair_key, last_seq, last_message_at, created_at)
     select id, case when scoped then 'team-scoped' else 'personal' end, case when scoped then $4::uuid end,
            'bench-inbox:' || id, $3, now() - make_interval(mins => n::int), now() - interval '60 days'
     from unnest($1::uuid[], $2::boolean[]) with ordinality as t(id, scoped, n)`,
    [ids, teamScoped, messagesEach, teamId],
  );
  // Message k of conversation n is (messagesEach - k) hours older than the conversation's last one.
  // Up to the person's read cursor the two take turns; after it only the peer writes (a send moves
  // the sender's own cursor, so one's own messages are never past it).
  await query(
    `insert into messages (id, conversation_id, seq, sender_agent_id, content, message_type, client_message_id, created_at)
     select ${uuidFrom('s.ts', 's.h')}, s.cid, s.g,
            case when s.g <= s.read_seq and s.g % 2 = 0 then $3::uuid else s.peer end,
            'Inbox message ' || s.g || ' ' || repeat('lorem ipsum ', 1 + s.g % 5), 'text', 'bulk-' || s.cid || '-' || s.g, s.ts
     from (select c.cid, c.peer, c.read_seq, g,
                  now() - make_interval(mins => c.n::int) - make_interval(hours => ($4::int - g)) as ts, md5(c.cid::text || g) as h
           from unnest($1::uuid[], $2::uuid[], $5::int[]) with ordinality as c(cid, peer, read_seq, n)
           cross join generate_series(1, $4::int) as g) as s`,
    [ids, peers, personId, messagesEach, readSeqs],
  );
  await query(
    `insert into conversation_participants (id, conversation_id, agent_id, last_read_seq, last_read_message_id, joined_at)
     select gen_random_uuid(), c.cid, who.agent, who.read_seq,
            (select m.id from messages m where m.conversation_id = c.cid and m.seq = who.read_seq), now() - interval '60 days'
     from unnest($1::uuid[], $2::uuid[], $4::int[]) as c(cid, peer, read_seq)
     cross join lateral (values ($3::uuid, c.read_seq), (c.peer, $5::int)) as who(agent, read_seq)`,
    [ids, peers, personId, readSeqs, messagesEach],
  );
  await query('analyze');
  return {
    conversations,
    messages: conversations * messagesEach,
    expectedUnread: readSeqs.reduce((sum, read) => sum + (messagesEach - read), 0),
    ids: [...ids, generalId],
    unread: [...readSeqs.map((read) => messagesEach - read), 0],
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Deterministic pseudo-words (three syllables), so every run searches the same text. */
export function vocabulary(size: number): string[] {
  const syllables = ['ka', 'lo', 'mi', 'nu', 'ra', 'so', 'ti', 'vo', 'ze', 'pa', 'du', 'fi', 'go', 'he', 'ju', 'bo'];
  const words: string[] = [];
  for (let i = 0; words.length < size; i++)
    words.push(syllables[i % 16]! + syllables[Math.floor(i / 16) % 16]! + syllables[Math.floor(i / 256) % 16]! + 'n');
  return words;
}

export interface SearchLoadResult {
  messages: number;
  conversations: number;
  /** Conversations the searcher takes part in, and the messages in them. */
  readerConversations: number;
  readerMessages: number;
  seconds: number;
}

const SENTENCES = 20_000;

/** The 20,000 sentences as a table `bench_sentences (n, text)` for the loads to join (dropped after each). */
async function createSentences(query: Query): Promise<void> {
  const words = vocabulary(3000);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const sentences = Array.from({ length: SENTENCES }, () =>
    Array.from({ length: 4 + Math.floor(random() * 16) }, () => words[Math.floor(random() ** 3 * words.length)]).join(' '),
  );
  await query(`create table bench_sentences (n int primary key, text text not null)`);
  await query(`insert into bench_sentences select n - 1, t from unnest($1::text[]) with ordinality as s(t, n)`, [sentences]);
}

/**
 * `count` messages over `conversations` conversations (the searcher is in one of ten of them),
 * interleaved in time over the last `count` seconds; `otherReaders` share another one in ten. Each text is one of 20,000 sentences of 4–19
 * words drawn from a 3,000-word vocabulary with a Zipf-like skew (measured on 1,000,000 messages: the
 * commonest word is in 55 % of them, the 10th in 7 %, the 100th in 1.3 %, the 1,000th in 0.5 %; the
 * query labels keep the first estimates), plus one code word (`code<n>`, n < 99,991) shared by about
 * one message in 100,000.
 */
export async function loadSearch(query: Query, readerId: string, count: number, conversations: number, otherReaders: string[] = []): Promise<SearchLoadResult> {
  const started = performance.now();
  const tag = randomUUID().slice(0, 8);
  const peers = await insertAgents(query, `search${tag}_`, 200);
  await createSentences(query);

  const ids = Array.from({ length: conversations }, () => randomUUID());
  // The other readers (the concurrent searchers) take turns at one conversation in ten as well.
  const a = ids.map((_, i) =>
    i % 10 === 0 ? readerId : i % 10 === 5 && otherReaders.length > 0 ? otherReaders[Math.floor(i / 10) % otherReaders.length]! : peers[i % peers.length]!,
  );
  const b = ids.map((_, i) => peers[(i * 7 + 1) % peers.length]!);
  const perConversation = Math.ceil(count / conversations);
  await query(
    `insert into conversations (id, type, pair_key, last_seq, created_at)
     select id, 'personal', 'bench-search:' || id, 0, now() - interval '400 days' from unnest($1::uuid[]) as t(id)`,
    [ids],
  );
  await query(
    `insert into conversation_participants (id, conversation_id, agent_id, joined_at)
     select gen_random_uuid(), c.cid, who, now() - interval '400 days'
     from unnest($1::uuid[], $2::uuid[], $3::uuid[]) as c(cid, a, b) cross join lateral (values (c.a), (c.b)) as v(who)`,
    [ids, a, b],
  );
  // In slices of seq, so one statement writes about 100,000 rows.
  const slice = Math.max(1, Math.floor(100_000 / conversations));
  for (let from = 1; from <= perConversation; from += slice) {
    const to = Math.min(perConversation, from + slice - 1);
    await query(
      `insert into messages (id, conversation_id, seq, sender_agent_id, content, message_type, client_message_id, created_at)
       select ${uuidFrom('s.ts', 's.h')}, s.cid, s.g, case when s.g % 2 = 0 then s.a else s.b end,
              t.text || ' code' || ((s.n * 7919 + s.g * 104729) % 99991), 'text', 'bulk-' || s.cid || '-' || s.g, s.ts
       from (select c.cid, c.a, c.b, c.n, g,
                    now() - make_interval(secs => (($5::int - g) * $6::int + $6::int - c.n)::double precision) as ts,
                    md5(c.cid::text || g) as h
             from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality as c(cid, a, b, n)
             cross join generate_series($4::int, $7::int) as g) as s
       join bench_sentences t on t.n = (s.n * 7919 + s.g * 31) % ${SENTENCES}`,
      [ids, a, b, from, perConversation, conversations, to],
    );
  }
  await query(`drop table bench_sentences`);
  await query(`update conversations set last_seq = $2, last_message_at = now() where id = any($1::uuid[])`, [ids, perConversation]);
  // What autovacuum does to a table after a million inserts: statistics, and the GIN index's pending
  // list merged into the index (every search reads that list through; a live one holds at most 4 MB).
  await query('vacuum analyze messages');
  await query('analyze');
  const readerConversations = a.filter((x) => x === readerId).length;
  return {
    messages: perConversation * conversations,
    conversations,
    readerConversations,
    readerMessages: readerConversations * perConversation,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

export interface SearchNewerResult {
  /** Messages added, all newer than every message of the search load, and the conversations they went to. */
  messages: number;
  conversations: number;
  seconds: number;
}

/**
 * A busy server after the search load: `count` newer messages in the loaded conversations the
 * searcher is not in (the same sentences and code words, seq continuing, spread evenly between the
 * newest loaded message and now), then what autovacuum would do. The searcher's own messages stay
 * as they were, so a search that reads only what it may read costs what it did before.
 */
export async function loadSearchNewer(query: Query, readerId: string, count: number, otherReaders: string[] = []): Promise<SearchNewerResult> {
  const started = performance.now();
  const { rows } = await query(
    `select c.id, c.last_seq, array_agg(p.agent_id order by p.agent_id) as who
     from conversations c join conversation_participants p on p.conversation_id = c.id
     where c.pair_key like 'bench-search:%'
       and not exists (select 1 from conversation_participants r where r.conversation_id = c.id and r.agent_id = any($1::uuid[]))
     group by c.id order by c.id`,
    [[readerId, ...otherReaders]],
  );
  const others = rows.map((r) => ({ id: String(r.id), lastSeq: Number(r.last_seq), who: r.who as string[] }));
  if (others.length === 0) throw new Error('loadSearchNewer: no conversations of others (run the search load first)');
  await createSentences(query);
  const perConversation = Math.ceil(count / others.length);
  const total = perConversation * others.length;
  const { rows: span } = await query(
    `select extract(epoch from max(created_at))::float8 as newest, extract(epoch from greatest(now(), max(created_at) + interval '1 second'))::float8 as till
     from messages`,
  );
  const newest = Number(span[0]!.newest);
  const step = (Number(span[0]!.till) - newest) / (total + 1);
  const ids = others.map((c) => c.id);
  const a = others.map((c) => c.who[0]!);
  const b = others.map((c) => c.who.at(-1)!);
  const from = others.map((c) => c.lastSeq);
  // Message g of conversation n is number (g - 1) * conversations + n of the newer ones in time.
  const slice = Math.max(1, Math.floor(100_000 / others.length));
  for (let g0 = 1; g0 <= perConversation; g0 += slice) {
    const g1 = Math.min(perConversation, g0 + slice - 1);
    await query(
      `insert into messages (id, conversation_id, seq, sender_agent_id, content, message_type, client_message_id, created_at)
       select ${uuidFrom('s.ts', 's.h')}, s.cid, s.seq, case when s.seq % 2 = 0 then s.a else s.b end,
              t.text || ' code' || ((s.n * 7919 + s.seq * 104729) % 99991), 'text', 'bulk-' || s.cid || '-' || s.seq, s.ts
       from (select c.cid, c.a, c.b, c.n, c.last_seq + g as seq,
                    to_timestamp($5::float8 + ((g - 1) * $7::int + c.n) * $6::float8) as ts,
                    md5(c.cid::text || (c.last_seq + g)) as h
             from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[]) with ordinality as c(cid, a, b, last_seq, n)
             cross join generate_series($8::int, $9::int) as g) as s
       join bench_sentences t on t.n = (s.n * 7919 + s.seq * 31) % ${SENTENCES}`,
      [ids, a, b, from, newest, step, others.length, g0, g1],
    );
  }
  await query(`drop table bench_sentences`);
  await query(`update conversations set last_seq = last_seq + $2, last_message_at = now() where id = any($1::uuid[])`, [ids, perConversation]);
  await query('vacuum analyze messages');
  return { messages: total, conversations: others.length, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** The query mix of the search scenario: label → what a person types. */
export function searchQueries(): Record<string, string> {
  const w = vocabulary(3000);
  return {
    'commonest word (~50 % of messages)': w[0]!,
    '10th word (~5 %)': w[9]!,
    '100th word (~1 %)': w[99]!,
    '1,000th word (~0.2 %)': w[999]!,
    'rare code word (~10 messages)': 'code4242',
    'two words': `${w[2]} ${w[49]}`,
    'quoted phrase': `"${w[0]} ${w[1]}"`,
    'word -exclusion': `${w[4]} -${w[0]}`,
    'no match': 'xylophonequartz',
  };
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of a statement, as text. */
export async function explainText(query: Query, text: string, params: unknown[]): Promise<string> {
  const plan = await query(`explain (analyze, buffers) ${text}`, params);
  return plan.rows.map((r) => String(Object.values(r)[0])).join('\n');
}
