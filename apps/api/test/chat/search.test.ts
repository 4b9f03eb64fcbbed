import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS, SEARCH_QUERY_MAX_LENGTH, VALIDATION, type TChatMessage, type TSearchResult } from '@agentroom/shared';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createTeam } from '../teams/team-helpers';
import { auth, sendMessage, startConversation, type User } from './chat-fixtures';

let server: TestServer;
let ada: User;
let bob: User;
let cy: User;
let dan: User;
let personal: string;

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, cy, dan] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob'), signUpVerified(server, 'cy'), signUpVerified(server, 'dan')]);
  personal = (await startConversation(server, ada, bob)).id;
});
afterAll(async () => {
  await server?.stop();
});

const search = (as: User, q: string, extra = '') => server.api().get(`/api/v1/chat/search?q=${encodeURIComponent(q)}${extra}`).set(auth(as));
async function found(as: User, q: string): Promise<TSearchResult[]> {
  const res = await search(as, q).expect(200);
  return res.body.data.results;
}
const text = (result: TSearchResult) => result.snippet.map((p) => p.text).join('');
const marked = (result: TSearchResult) => result.snippet.filter((p) => p.highlight).map((p) => p.text);

describe('search', () => {
  it('finds words in any form, newest first, with the matched words marked and the text kept as written', async () => {
    const first = await sendMessage(server, ada, personal, 'The deploy pipeline is green again');
    await sendMessage(server, bob, personal, 'Lunch at noon?');
    const second = await sendMessage(server, bob, personal, 'Deploying now: `<b>do not</b>` merge & wait');

    const results = await found(ada, 'deploys');
    expect(results.map((r) => r.messageId)).toEqual([second.id, first.id]);
    expect(results[0]).toMatchObject({
      seq: second.seq,
      timestamp: second.timestamp,
      sender: { id: bob.agentId, firstName: bob.firstName },
      conversation: { id: personal, conversationType: 'personal', team: null, otherAgent: { id: bob.agentId, username: bob.username } },
    });
    expect(marked(results[0]!)).toEqual(['Deploying']);
    expect(text(results[0]!)).toBe('Deploying now: <b>do not</b> merge & wait');
    expect(marked(results[1]!)).toEqual(['deploy']);
    // Bob sees the same conversation from his side.
    expect((await found(bob, 'pipeline'))[0]!.conversation.otherAgent).toMatchObject({ id: ada.agentId });

    // Phrases and exclusions, as in a web search box.
    expect((await found(ada, '"pipeline is green"')).map((r) => r.messageId)).toEqual([first.id]);
    expect((await found(ada, 'deploy -merge')).map((r) => r.messageId)).toEqual([first.id]);
  });

  it('reads a message as its bubble shows it: the Markdown as text, raw HTML left out', async () => {
    const message = await sendMessage(
      server,
      ada,
      personal,
      'Yes: **three** items left, the `pricing` table and the [launch page](https://example.com/launch).\n\n- retake the _screenshots_\n- <i>raw</i> html ~~gone~~ 2*3*4',
    );
    const [hit] = await found(ada, 'screenshots');
    expect(hit!.messageId).toBe(message.id);
    expect(marked(hit!)).toEqual(['screenshots']);
    // A snippet is the few words around the match.
    expect(text(hit!)).toBe('table and the launch page. retake the screenshots raw html gone 2*3*4');
    const [early] = await found(ada, 'three');
    expect(marked(early!)).toEqual(['three']);
    expect(text(early!)).toBe('three items left, the pricing table and the launch page. retake the screenshots');
  });

  it('marks every matched word; characters a snippet could use as markers stay text', async () => {
    const message = await sendMessage(server, ada, personal, 'budget \uE000review\uE001 and budget sign-off');
    const [hit] = await found(ada, 'budget review');
    expect(hit!.messageId).toBe(message.id);
    expect(marked(hit!)).toEqual(['budget', 'review', 'budget']);
    expect(text(hit!)).toBe('budget review and budget sign-off');
  });

  it('pages through results', async () => {
    const sent: TChatMessage[] = [];
    for (const n of [1, 2, 3, 4, 5]) sent.push(await sendMessage(server, ada, personal, `standup note ${n}`));
    const newestFirst = sent.map((m) => m.id).reverse();
    const one = await search(ada, 'standup', '&limit=2').expect(200);
    expect(one.body.data.results.map((r: TSearchResult) => r.messageId)).toEqual(newestFirst.slice(0, 2));
    expect(one.body.data.pagination).toEqual({ page: 1, limit: 2, hasMore: true });
    const three = await search(ada, 'standup', '&limit=2&page=3').expect(200);
    expect(three.body.data.results.map((r: TSearchResult) => r.messageId)).toEqual(newestFirst.slice(4));
    expect(three.body.data.pagination.hasMore).toBe(false);
  });

  it('finds nothing of a conversation the caller is not in, nor of one lost by leaving its team; deleted messages drop out', async () => {
    const cyChat = (await startConversation(server, cy, bob)).id;
    await sendMessage(server, cy, cyChat, 'zebra crossing plans for cy');
    expect(await found(ada, 'zebra')).toEqual([]);
    expect(await found(cy, 'zebra')).toHaveLength(1);

    const team = await createTeam(server, ada);
    await addMember(server, ada, team.handle, dan.username);
    const teamChat = (await startConversation(server, dan, ada, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle })).id;
    const said = await sendMessage(server, ada, teamChat, 'quarterly roadmap draft');
    const [hit] = await found(dan, 'roadmap');
    expect(hit).toMatchObject({ messageId: said.id, conversation: { id: teamChat, conversationType: 'team-scoped', team: { handle: team.handle } } });

    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(auth(dan)).expect(200);
    expect(await found(dan, 'roadmap')).toEqual([]);
    expect(await found(ada, 'roadmap')).toHaveLength(1);

    await server.api().delete(`/api/v1/chat/messages/${said.id}`).set(auth(ada)).expect(200);
    expect(await found(ada, 'roadmap')).toEqual([]);
  });

  it('answers a query of stop words or punctuation with nothing, not an error', async () => {
    expect(await found(ada, 'the')).toEqual([]);
    expect(await found(ada, '((( "" -- or | & ! :*')).toEqual([]);
  });

  it('refuses a missing, empty, NUL, too long or repeated q, and a bad page size, with 400', async () => {
    const cases: [string, string][] = [
      ['', CHAT_ERRORS.searchEmpty],
      ['?q=', CHAT_ERRORS.searchEmpty],
      ['?q=%20%20', CHAT_ERRORS.searchEmpty],
      ['?q=a%00b', VALIDATION.noNulCharacters],
      [`?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, CHAT_ERRORS.searchTooLong],
      // Much longer and Node refuses the request line itself (431) before any route sees it.
      [`?q=${encodeURIComponent('déjà vu '.repeat(250))}`, CHAT_ERRORS.searchTooLong],
    ];
    for (const [query, error] of cases) {
      const res = await server.api().get(`/api/v1/chat/search${query}`).set(auth(ada));
      expect(res.status, query.slice(0, 40)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    await server.api().get('/api/v1/chat/search?q=a&q=b').set(auth(ada)).expect(400);
    await search(ada, 'deploy', '&limit=51').expect(400);
    await search(ada, 'deploy', '&page=0').expect(400);
    await server.api().get('/api/v1/chat/search?q=deploy').expect(401);
  });
});

describe('search across many conversations', () => {
  let fay: User;
  let readable: string[];
  const deletedOrNotices: string[] = [];

  /**
   * Fay in 25 conversations written with SQL: one busy (2,500 messages, the newest), the others
   * small and older, interleaved in time; some matches deleted or AI notices; two messages at the
   * same instant in two conversations; and a conversation she is not in, newest of all and full of
   * every word. Words: alpha in every other message, bravo in about one in 60, charlie only in the
   * oldest few of two conversations (past what a search walks), tango in the two simultaneous ones.
   */
  beforeAll(async () => {
    fay = await signUpVerified(server, 'fay');
    const peers = Array.from({ length: 26 }, () => randomUUID());
    await server.ctx.db.execute(sql`
      insert into agents (id, username, first_name, last_name)
      select id, 'peer_' || replace(id::text, '-', ''), 'Peer', 'Bulk' from unnest(${`{${peers.join(',')}}`}::uuid[]) as p(id)`);
    const ids = peers.map(() => randomUUID());
    const sizes = ids.map((_, k) => (k === 0 ? 2500 : k === 25 ? 500 : 30 + k * 5));
    await server.ctx.db.execute(sql`
      insert into conversations (id, type, pair_key, last_seq, last_message_at)
      select id, 'personal', 'bulk:' || id, size, now() from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${sizes.join(',')}}`}::int[]) as c(id, size)`);
    // The last conversation is two peers' own.
    await server.ctx.db.execute(sql`
      insert into conversation_participants (id, conversation_id, agent_id)
      select gen_random_uuid(), c.id, who
      from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${peers.join(',')}}`}::uuid[]) with ordinality as c(id, peer, k)
      cross join lateral (values (case when c.k = 26 then ${peers[0]}::uuid else ${fay.agentId}::uuid end), (c.peer)) as v(who)`);
    // Conversation k's message n: the busy one a message a second up to now, the others one every
    // (k + 2) minutes up to k * 7 minutes ago, the others' own every 100 ms up to now.
    await server.ctx.db.execute(sql`
      insert into messages (id, conversation_id, seq, sender_agent_id, content, client_message_id, created_at)
      select gen_random_uuid(), c.id, n, c.peer,
             concat_ws(' ', 'filler', case when n % 2 = 0 then 'alpha' end, case when (n * 7 + c.k) % 60 = 0 then 'bravo' end,
                       case when (c.k in (1, 3) and n <= 3) or c.k = 26 then 'charlie' end, 'note ' || n),
             'bulk-' || n,
             case when c.k = 1 then now() - make_interval(secs => c.size - n)
                  when c.k = 26 then now() - make_interval(secs => (c.size - n) / 10.0)
                  else now() - make_interval(mins => (c.k * 7 + (c.size - n) * (c.k + 2))::int) end
      from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${peers.join(',')}}`}::uuid[], ${`{${sizes.join(',')}}`}::int[]) with ordinality as c(id, peer, size, k)
      cross join generate_series(1, c.size) as n`);
    const { database } = server.ctx;
    const gone = await database.queryRowsUnprepared(
      `update messages set deleted_at = now() where conversation_id = $1 and seq in (2500, 2498, 1000) returning id`,
      [ids[0]],
    );
    const notices = await database.queryRowsUnprepared(
      `update messages set message_type = 'notice' where conversation_id = $1 and seq in (1, 2, 50) returning id`,
      [ids[3]],
    );
    deletedOrNotices.push(...[...gone, ...notices].map((r) => String(r.id)));
    await server.ctx.db.execute(sql`
      update messages set content = 'tango at the same instant', created_at = now() - interval '3 minutes'
      where (conversation_id, seq) in ((${ids[5]}::uuid, 10), (${ids[6]}::uuid, 12))`);
    await server.ctx.db.execute(sql`analyze messages`);
    readable = ids.slice(0, 25);
  });

  /** What the page must be: every match she may read, newest first, by a plain scan. */
  async function expected(q: string, page: number, limit: number) {
    const rows = await server.ctx.database.queryRowsUnprepared(
      `select id from messages
       where conversation_id = any($1::uuid[]) and search_vector @@ websearch_to_tsquery('english', $2)
         and deleted_at is null and message_type = 'text'
       order by created_at desc, id desc limit $3 offset $4`,
      [`{${readable.join(',')}}`, q, limit + 1, (page - 1) * limit],
    );
    return { ids: rows.slice(0, limit).map((r) => String(r.id)), hasMore: rows.length > limit };
  }

  it('pages through hits merged across conversations exactly as one scan in created_at, id order would', async () => {
    const queries = ['alpha', 'bravo', 'charlie', 'alpha -bravo', '"filler alpha"', 'bravo charlie', 'tango', 'nothing-like-it'];
    const pages: [number, number][] = [[1, 3], [2, 3], [3, 3], [9, 3], [1, 20], [2, 20], [3, 20], [1, 50], [2, 50]];
    for (const q of queries)
      for (const [page, limit] of pages) {
        const res = await search(fay, q, `&page=${page}&limit=${limit}`).expect(200);
        const results = res.body.data.results as TSearchResult[];
        const want = await expected(q, page, limit);
        expect(results.map((r) => r.messageId), `${q} page ${page} of ${limit}`).toEqual(want.ids);
        expect(res.body.data.pagination.hasMore, `${q} page ${page} of ${limit}`).toBe(want.hasMore);
        expect(results.filter((r) => !readable.includes(r.conversation.id))).toEqual([]);
        expect(results.filter((r) => deletedOrNotices.includes(r.messageId))).toEqual([]);
      }
  });

  it('orders hits of the same instant by id, newest page first, and finds the oldest rare ones', async () => {
    const tango = await found(fay, 'tango');
    expect(tango).toHaveLength(2);
    expect(tango[0]!.timestamp).toBe(tango[1]!.timestamp);
    expect(tango[0]!.messageId > tango[1]!.messageId).toBe(true);
    // charlie: seq 1-3 of two conversations, older than everything a walk reads first.
    const charlie = await found(fay, 'charlie');
    expect(charlie.map((r) => r.seq).sort()).toEqual([1, 1, 2, 2, 3, 3]);
  });
});

describe('a page around a seq', () => {
  const TOTAL = 6000;
  let eve: User;
  let long: string;

  /** Thousands of messages written in one statement (seq 1..TOTAL), far faster than sending each. */
  beforeAll(async () => {
    eve = await signUpVerified(server, 'eve');
    long = (await startConversation(server, ada, eve)).id;
    await server.ctx.db.execute(sql`
      insert into messages (id, conversation_id, seq, sender_agent_id, content, client_message_id, created_at)
      select gen_random_uuid(), ${long}, n, case when n % 2 = 0 then ${ada.agentId}::uuid else ${eve.agentId}::uuid end,
             case when n = 1000 then 'the needle in the haystack' else 'filler message ' || n end,
             'bulk-' || n, now() - make_interval(secs => ${TOTAL} - n)
      from generate_series(1, ${TOTAL}) as n`);
    await server.ctx.db.execute(sql`update conversations set last_seq = ${TOTAL}, last_message_at = now() where id = ${long}`);
  });

  const messagesOf = (query: string) => server.api().get(`/api/v1/chat/conversations/${long}/messages?${query}`).set(auth(ada));
  const seqs = (res: { body: { data: { messages: TChatMessage[] } } }) => res.body.data.messages.map((m) => m.seq);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('opens a search hit 5,000 messages back with its neighbours, then loads older and newer from there', async () => {
    const [hit] = await found(eve, 'needle');
    expect(hit).toMatchObject({ seq: 1000, conversation: { id: long } });

    const around = await messagesOf(`around=${hit!.seq}&limit=50`).expect(200);
    expect(seqs(around)).toEqual(range(976, 1025));
    expect(around.body.data.messages.find((m: TChatMessage) => m.id === hit!.messageId)).toMatchObject({ content: 'the needle in the haystack' });
    expect(around.body.data.pagination).toEqual({ page: 1, limit: 50, hasMore: true, hasNewer: true });

    const first = around.body.data.messages[0] as TChatMessage;
    const older = await messagesOf(`before=${first.id}&limit=50`).expect(200);
    expect(seqs(older)).toEqual(range(926, 975));
    const newer = await messagesOf(`after=1025&limit=50`).expect(200);
    expect(seqs(newer)).toEqual(range(1026, 1075));
    expect(newer.body.data.pagination.hasMore).toBe(true);
  });

  it('at either end says there is nothing further that way', async () => {
    const start = await messagesOf('around=1&limit=10').expect(200);
    expect(seqs(start)).toEqual(range(1, 6));
    expect(start.body.data.pagination).toMatchObject({ hasMore: false, hasNewer: true });
    const end = await messagesOf(`around=${TOTAL}&limit=10`).expect(200);
    expect(seqs(end)).toEqual(range(TOTAL - 4, TOTAL));
    expect(end.body.data.pagination).toMatchObject({ hasMore: true, hasNewer: false });
    const past = await messagesOf(`around=${TOTAL + 100}&limit=4`).expect(200);
    expect(seqs(past)).toEqual(range(TOTAL - 1, TOTAL));
  });

  it('refuses around mixed with before or after, and a seq that is not a positive number; outsiders get 404', async () => {
    const [someone] = (await messagesOf('limit=1').expect(200)).body.data.messages as TChatMessage[];
    await messagesOf(`around=10&after=5`).expect(400);
    await messagesOf(`around=10&before=${someone!.id}`).expect(400);
    for (const bad of ['0', '-3', 'abc', '1.5', '1%00']) await messagesOf(`around=${bad}`).expect(400);
    await server.api().get(`/api/v1/chat/conversations/${long}/messages?around=10`).set(auth(bob)).expect(404);
  });
});
