import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../src/core/domain-events';
import { inTransaction } from '../../src/core/transaction';
import { resolveSendTarget, writeMessage, type WriteInput, type WrittenMessage } from '../../src/chat/message-service';
import { attachments, conversationParticipants, conversations, messageColumns, messageMentions, messages, replyJobs } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { startConversation } from './chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';

/**
 * A message is written one of two ways (decision 0010): a plain one through the group commit, one
 * with files, @mentions or AI reply jobs by writeMessage in a transaction. Speed is the only
 * difference allowed: for any sequence of writes, a world written through the send path's writer
 * and a twin world written only by writeMessage in transactions must hold the same rows and have
 * published the same events.
 *
 * Each world: people 0-2 and AI agent 3 in a team; conversation 0 a room of all four, 1 a room of
 * people 0 and 1, 2 a 1:1 of people 1 and 2.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Reply jobs stay queued, as written: an AI reply would add messages of its own to one world.
  await server.replyWorker.stop();
});
afterAll(async () => {
  await server?.stop();
});

const MEMBERS = [[0, 1, 2, 3], [0, 1], [1, 2]] as const;

interface World {
  agents: { id: string; username: string }[];
  conversationIds: string[];
  teamId: string;
  /** `message.created` as published, in order. */
  events: DomainEvents['message.created'][];
  /** What each write answered: the seq written, or that it was already stored. */
  outcomes: (number | 'already stored')[];
}

async function buildWorld(): Promise<World> {
  const people = await Promise.all([0, 1, 2].map((i) => signUpVerified(server, `twin${i}`)));
  const team = await createTeam(server, people[0]!, { name: 'Twins' });
  for (const person of people.slice(1)) await addMember(server, people[0]!, team.handle, person.username);
  const ai = await createAiAgent(server, people[0]!, team.handle, { firstName: 'Nova', role: 'Planner' });
  const agents = [...people.map((p) => ({ id: p.agentId, username: p.username })), { id: ai.id, username: ai.username }];
  const memberIds = (k: number) => MEMBERS[k]!.map((i) => agents[i]!.id);
  const rooms = await Promise.all([0, 1].map((k) => createRoomRow(server, { teamId: team.id, createdBy: agents[0]!.id, memberIds: memberIds(k) })));
  const direct = await startConversation(server, people[1]!, people[2]!);
  return { agents, conversationIds: [...rooms.map((r) => r.id), direct.id], teamId: team.id, events: [], outcomes: [] };
}

/** One write: into conversation k, by its member `sender` (an index into MEMBERS[k]), text and @mentions by agent index. */
interface Send {
  conversation: number;
  sender: number;
  words: (string | number)[];
  /** A clientMessageId from a small pool (so repeats happen), or none (the server makes one). */
  key: number | null;
  attach: boolean;
  /** Sent in the same moment as the plain writes just before it (the writer batches them). */
  together: boolean;
}

const sendArbitrary: fc.Arbitrary<Send> = fc.record({
  conversation: fc.nat(2),
  sender: fc.nat(3),
  words: fc.array(
    fc.oneof({ arbitrary: fc.constantFrom('hi', 'ship it', '@nobody', 'say "so" \\ {a,b}', 'ünï ✓'), weight: 3 }, { arbitrary: fc.nat(3), weight: 1 }),
    { minLength: 1, maxLength: 3 },
  ),
  key: fc.option(fc.nat(2), { nil: null }),
  attach: fc.nat(3).map((n) => n === 0),
  together: fc.nat(3).map((n) => n > 0),
});

const senderOf = (send: Send) => MEMBERS[send.conversation]![send.sender % MEMBERS[send.conversation]!.length]!;

/** Whether the writer may send it through the group commit: no file, and no @mention of another member. */
const isPlain = (send: Send) =>
  !send.attach && !send.words.some((w) => typeof w === 'number' && w !== senderOf(send) && (MEMBERS[send.conversation] as readonly number[]).includes(w));

let run = 0;

/** Everything a write needs, resolved beforehand so that writes issued together reach the writer in order. */
async function prepare(world: World, send: Send, index: number) {
  const conversationId = world.conversationIds[send.conversation]!;
  const sender = world.agents[senderOf(send)]!;
  const content = send.words.map((w) => (typeof w === 'number' ? `@${world.agents[w]!.username}` : w)).join(' ');
  const attachmentIds: string[] = [];
  if (send.attach) {
    const [file] = await server.ctx.db
      .insert(attachments)
      .values({ conversationId, uploaderAgentId: sender.id, filename: `f${run}-${index}.txt`, mime: 'text/plain', size: 5, storageKey: randomUUID() })
      .returning();
    attachmentIds.push(file!.id);
  }
  const input: WriteInput = { content, attachmentIds, ...(send.key === null ? {} : { clientMessageId: `r${run}-k${send.key}` }) };
  return { target: await resolveSendTarget(server.ctx, sender.id, conversationId), input };
}

const outcomeOf = (written: WrittenMessage | undefined) => written?.row.seq ?? ('already stored' as const);

/** Runs of plain writes sent together, and every other write on its own, in the order sent. */
function moments(sends: Send[]): [number, Send][][] {
  const out: [number, Send][][] = [];
  for (const [index, send] of sends.entries()) {
    const last = out.at(-1);
    if (last && isPlain(send) && send.together && isPlain(last[0]![1])) last.push([index, send]);
    else out.push([[index, send]]);
  }
  return out;
}

/** The send path's writer: plain writes sent in one moment go together (the group commit batches them). */
async function writeThroughWriter(world: World, sends: Send[]) {
  for (const moment of moments(sends)) {
    const prepared = [];
    for (const [index, send] of moment) prepared.push(await prepare(world, send, index));
    const written = await Promise.all(prepared.map(({ target, input }) => server.messageWriter.write(target, input)));
    world.outcomes.push(...written.map(outcomeOf));
  }
}

/** The twin: every write by writeMessage in a transaction of its own, one after the other. */
async function writeInTransactions(world: World, sends: Send[]) {
  for (const [index, send] of sends.entries()) {
    const { target, input } = await prepare(world, send, index);
    world.outcomes.push(outcomeOf(await inTransaction(server.ctx.db, (tx) => writeMessage(server.ctx, tx, target, input))));
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * A world's rows and events with every id, name and time replaced by what it stands for (agent 2,
 * conversation 1, message 1.4, file f3-7.txt), so that two worlds can be compared.
 */
async function snapshot(world: World) {
  const inWorld = world.conversationIds;
  const [messageRows, conversationRows, cursors, mentions, files, jobs] = await Promise.all([
    server.ctx.db.select(messageColumns).from(messages).where(inArray(messages.conversationId, inWorld)).orderBy(asc(messages.seq)),
    server.ctx.db.select({ id: conversations.id, lastSeq: conversations.lastSeq }).from(conversations).where(inArray(conversations.id, inWorld)),
    server.ctx.db
      .select({ conversationId: conversationParticipants.conversationId, agentId: conversationParticipants.agentId, lastReadSeq: conversationParticipants.lastReadSeq, lastReadMessageId: conversationParticipants.lastReadMessageId })
      .from(conversationParticipants)
      .where(inArray(conversationParticipants.conversationId, inWorld)),
    server.ctx.db.select().from(messageMentions).where(inArray(messageMentions.conversationId, inWorld)),
    server.ctx.db
      .select({ id: attachments.id, conversationId: attachments.conversationId, messageId: attachments.messageId, uploaderAgentId: attachments.uploaderAgentId, filename: attachments.filename })
      .from(attachments)
      .where(inArray(attachments.conversationId, inWorld)),
    server.ctx.db
      .select({
        conversationId: replyJobs.conversationId,
        agentId: replyJobs.agentId,
        triggerMessageId: replyJobs.triggerMessageId,
        teamId: replyJobs.teamId,
        dedupeKey: replyJobs.dedupeKey,
        status: replyJobs.status,
        requestedByAgentId: replyJobs.requestedByAgentId,
        chainRootMessageId: replyJobs.chainRootMessageId,
        chainTurn: replyJobs.chainTurn,
        askedByAgentId: replyJobs.askedByAgentId,
      })
      .from(replyJobs)
      .where(inArray(replyJobs.conversationId, inWorld)),
  ]);
  const labels = new Map<string, string>([[world.teamId, 'team']]);
  world.agents.forEach((a, i) => labels.set(a.id, `agent ${i}`).set(a.username, `user${i}`));
  inWorld.forEach((id, k) => labels.set(id, `conversation ${k}`));
  for (const m of messageRows) labels.set(m.id, `message ${inWorld.indexOf(m.conversationId)}.${m.seq}`);
  for (const f of files) labels.set(f.id, `file ${f.filename}`);
  const names = new RegExp(world.agents.map((a) => a.username).join('|'), 'g');
  const label = (value: unknown): unknown => {
    if (value instanceof Date) return 'a time';
    if (typeof value === 'string') return value.replace(UUID, (id) => labels.get(id) ?? 'an id made by the server').replace(names, (name) => labels.get(name)!);
    if (Array.isArray(value)) return value.map(label);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'timestamp' && key !== 'url').map(([key, v]) => [key, label(v)]));
    return value;
  };
  const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(label(row))).sort();
  const byConversation = inWorld.map((id) => world.events.filter((e) => e.conversationId === id).map(label));
  return {
    messages: sorted(messageRows),
    conversations: sorted(conversationRows),
    cursors: sorted(cursors),
    mentions: sorted(mentions),
    files: sorted(files),
    replyJobs: sorted(jobs),
    // Across conversations the two worlds may interleave differently; within one, never.
    events: byConversation,
    outcomes: world.outcomes,
  };
}

describe('the two ways of writing a message', () => {
  it('store the same rows and publish the same events for any sequence of writes', async () => {
    const [viaWriter, viaTransactions] = [await buildWorld(), await buildWorld()];
    const owner = new Map([...viaWriter.conversationIds.map((id) => [id, viaWriter] as const), ...viaTransactions.conversationIds.map((id) => [id, viaTransactions] as const)]);
    const unsubscribe = server.ctx.events.subscribe('message.created', (event) => void owner.get(event.conversationId)?.events.push(event));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(sendArbitrary, { minLength: 1, maxLength: 16 }), async (sends) => {
          run += 1;
          await writeThroughWriter(viaWriter, sends);
          await writeInTransactions(viaTransactions, sends);
          // The worlds so far, every earlier run included: they stay twins or the property fails.
          expect(await snapshot(viaWriter)).toEqual(await snapshot(viaTransactions));
        }),
        { numRuns: 10, endOnFailure: true },
      );
      // The group commit did carry writes, some of them together.
      const { batches, messages: carried } = server.messageWriter.groupCommit.stats;
      expect(carried).toBeGreaterThan(batches);
    } finally {
      unsubscribe();
    }
  }, 240_000);
});
