import pg from 'pg';
import { expect } from 'vitest';
import { startConversation } from '../chat/chat-fixtures';
import { FollowingClient } from './following-client';
import { signUpVerified, startTestServer } from './test-server';

/** One conversation of two people: the sender offers messages, the receiver only follows. */
export interface Pair {
  conversationId: string;
  sender: FollowingClient;
  receiver: FollowingClient;
}

/**
 * People and their 1:1 conversations in the database the nodes share, written by an in-process
 * server of its own (no Redis: it is gone before the nodes start talking); returns their tokens.
 */
export async function peopleInConversations(databaseUrl: string, count: number) {
  const setup = await startTestServer({ DATABASE_URL: databaseUrl, SMTP_URL: '' });
  try {
    const pairs: { conversationId: string; senderToken: string; receiverToken: string }[] = [];
    for (let i = 0; i < count; i++) {
      const [sender, receiver] = await Promise.all([signUpVerified(setup, `snd${i}`), signUpVerified(setup, `rcv${i}`)]);
      const { id } = await startConversation(setup, sender, receiver);
      pairs.push({ conversationId: id, senderToken: sender.token, receiverToken: receiver.token });
    }
    return pairs;
  } finally {
    await setup.stop();
  }
}

/**
 * Each conversation's sender and receiver as following clients on different nodes: pair i's sender
 * starts on node i mod 2 and its receiver on the other.
 */
export async function followingPairs(people: Awaited<ReturnType<typeof peopleInConversations>>, nodes: () => string[]): Promise<Pair[]> {
  return Promise.all(
    people.map(async ({ conversationId, senderToken, receiverToken }, i) => {
      const conversationIds = [conversationId];
      const [sender, receiver] = await Promise.all([
        FollowingClient.start({ name: `s${i}`, token: senderToken, conversationIds, nodes, startAt: i % 2 }),
        FollowingClient.start({ name: `r${i}`, token: receiverToken, conversationIds, nodes, startAt: (i + 1) % 2 }),
      ]);
      return { conversationId, sender, receiver };
    }),
  );
}

/**
 * An open loop: `ratePerSecond` messages offered in all, round robin over the pairs `offering()`
 * returns, whatever the nodes answer. Like a person, a sender with `window` messages not yet
 * acked holds off: that offer is shed (counted), so a machine slower than the rate gives a
 * lower rate rather than an endless backlog. `stop()` ends it.
 */
export function offerLoad(ratePerSecond: number, offering: () => Pair[], window = 25) {
  const started = Date.now();
  let offered = 0;
  let shed = 0;
  let next = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - started) * ratePerSecond) / 1000);
    const pairs = offering();
    for (; offered + shed < due; ) {
      if (pairs.length === 0) return;
      const pair = pairs[next++ % pairs.length]!;
      if (pair.sender.pendingCount >= window) shed++;
      else {
        pair.sender.send(pair.conversationId);
        offered++;
      }
    }
  }, 10);
  return {
    get offered() {
      return offered;
    },
    get shed() {
      return shed;
    },
    stop: () => clearInterval(timer),
  };
}

/** Resolves once `condition()` holds; a generous bound only so a broken run ends (it is not a speed check). */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the database holds of the conversations: per conversation, its messages' seq and clientMessageId. */
export async function storedMessages(databaseUrl: string, conversationIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ conversation_id: string; seq: string; client_message_id: string | null }>(
      'select conversation_id, seq, client_message_id from messages where conversation_id = any($1::uuid[]) order by conversation_id, seq',
      [conversationIds],
    );
    const stored = new Map<string, { seq: number; clientMessageId: string | null }[]>(conversationIds.map((id) => [id, []]));
    for (const row of rows) stored.get(row.conversation_id)!.push({ seq: Number(row.seq), clientMessageId: row.client_message_id });
    return stored;
  } finally {
    await client.end();
  }
}

/** Whether every client of every pair holds exactly what its conversation stores (and nothing is waiting for an ack). */
export async function everyoneHoldsEverything(databaseUrl: string, pairs: Pair[]): Promise<boolean> {
  if (pairs.some((p) => p.sender.pendingCount > 0)) return false;
  const stored = await storedMessages(databaseUrl, pairs.map((p) => p.conversationId));
  return pairs.every(({ conversationId, sender, receiver }) => {
    const seqs = stored.get(conversationId)!.map((m) => m.seq);
    return sender.holdsExactly(conversationId, seqs) && receiver.holdsExactly(conversationId, seqs);
  });
}

/**
 * The end state the protocol promises: every offered message stored exactly once, seqs 1..n without
 * a gap, and both people of each conversation holding exactly those messages.
 */
export async function expectNothingLost(databaseUrl: string, pairs: Pair[]): Promise<void> {
  const stored = await storedMessages(databaseUrl, pairs.map((p) => p.conversationId));
  for (const [i, { conversationId, sender, receiver }] of pairs.entries()) {
    const rows = stored.get(conversationId)!;
    const offered = sender.sent.filter((s) => s.conversationId === conversationId).map((s) => s.clientMessageId);
    expect(rows.map((r) => r.clientMessageId).sort(), `conversation ${i}: each offered message stored once`).toEqual([...offered].sort());
    expect(rows.map((r) => r.seq), `conversation ${i}: seqs without a gap`).toEqual(rows.map((_, i) => i + 1));
    const seqs = rows.map((r) => r.seq);
    expect(sender.holds(conversationId).map((m) => m.seq), `conversation ${i}: the sender holds every message once`).toEqual(seqs);
    expect(receiver.holds(conversationId).map((m) => m.seq), `conversation ${i}: the receiver holds every message once`).toEqual(seqs);
    expect([...sender.seqConflicts, ...receiver.seqConflicts]).toEqual([]);
  }
}

/** One line for the run's log: what the clients had to do to get there. */
export function summaryOf(pairs: Pair[]) {
  const clients = pairs.flatMap((p) => [p.sender, p.receiver]);
  const sum = (key: keyof FollowingClient['stats']) => clients.reduce((n, c) => n + c.stats[key], 0);
  return {
    offered: pairs.reduce((n, p) => n + p.sender.sent.length, 0),
    retries: sum('retries'),
    resyncs: sum('resyncs'),
    gapFetches: sum('gapFetches'),
    liveDuplicates: sum('liveDuplicates'),
    reconnects: sum('reconnects'),
  };
}
