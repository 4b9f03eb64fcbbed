import { v7 as uuidv7 } from 'uuid';
import {
  CHAT_ERRORS,
  findMentions,
  isUuid,
  type TReactionAgent,
  type TChatMessage,
  type TEditMessageRequest,
  type TMessageListQuery,
  type TMessagePage,
  type TSendMessageInput,
} from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import type { Tx } from '../db/client';
import type { AgentRow, AttachmentRow, ConversationRow, MessageRow } from '../db/rows';
import type { TMessageMeta } from '../db/schema';
import { claimUnsentAttachments, messageHasAttachment } from './attachments-repo';
import { assertConversationParticipant, assertMayWriteTo, assertMessageParticipant } from './chat-access';
import { presentMessage } from './chat-presenters';
import { findAgent, findConversationRow, findMessage } from './chat-repo';
import { presentMessageRows, seenStatusOf } from './chat-views';
import { conversationMembers } from './conversation-members-cache';
import type { GroupCommit } from './group-commit';
import { insertMessageRow, type WriteTo } from './insert-message';
import { isThread } from './thread-parent';
import { threadPlaceOf } from './thread-repo';
import { followOnReply, publishThreadUpdated } from './thread-writes';
import {
  deleteMentionsOf,
  deleteMessageExtras,
  findCurrentMessage,
  findMessageSeq,
  findMessagesAfter,
  findMessagesBefore,
  findMessagesUpTo,
  findSentMessageRow,
  insertMentions,
  lockMessage,
  markMessageDeleted,
  rewriteMessageRow,
  updateMessageContent,
} from './messages-repo';

/** Attaches the sender's uploads (of this conversation, not yet sent) to the message, all or none. */
async function claimAttachments(tx: Tx, message: MessageRow, attachmentIds: string[]): Promise<AttachmentRow[]> {
  const files = await claimUnsentAttachments(tx, message, attachmentIds);
  if (files.length !== new Set(attachmentIds).size)
    throw badRequest(CHAT_ERRORS.attachmentNotFound, { attachmentIds: CHAT_ERRORS.attachmentNotFound });
  return files.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
}

async function presentOne(ctx: AppContext, row: MessageRow): Promise<TChatMessage> {
  const [presented] = await presentMessageRows(ctx, [row]);
  return presented!;
}

/** What is written: the text, and the sender's own id for it (a retry with the same id stores nothing more). */
export type WriteInput = Pick<TSendMessageInput, 'content'> &
  Partial<Pick<TSendMessageInput, 'clientMessageId' | 'attachmentIds' | 'alsoSendToParent'>>;

/** Server-side extras of a stored message: AI replies and notices set a type and meta. */
export interface WriteMessageOptions {
  messageType?: string;
  meta?: TMessageMeta;
  /** Rooms: the AI agent that asked for this AI reply by @mentioning its writer (shown as "Nova asked Sage"). */
  askedBy?: TReactionAgent;
  /**
   * An external agent's streamed reply: what it answers is settled by the caller in the message's
   * transaction (its request ended, the turns it starts), instead of the reply queue. Answers
   * whether replies were queued.
   */
  answers?: (written: WrittenMessage) => Promise<boolean>;
}

/** Who sends into which conversation, checked: the sender must be a participant (else 404). */
export interface SendTarget {
  conversation: ConversationRow;
  sender: AgentRow;
  recipients: AgentRow[];
}

/** One read answers both the access check and who the recipients are (remembered per node). */
export async function resolveSendTarget(ctx: AppContext, senderAgentId: string, conversationId: string): Promise<SendTarget> {
  let rows = isUuid(conversationId) ? await conversationMembers(ctx, conversationId) : [];
  let self = rows.find((r) => r.agent.id === senderAgentId);
  // A refusal is never answered from memory: someone just added to a room may be newer than the cache.
  if (!self?.hasAccess && rows.length > 0) {
    rows = await conversationMembers(ctx, conversationId, { fresh: true });
    self = rows.find((r) => r.agent.id === senderAgentId);
  }
  // The same rule as assertConversationParticipant, computed by that read (see chat-access).
  if (!self?.hasAccess) throw notFound(CHAT_ERRORS.conversationNotFound);
  // Someone who lost access with their team is told nothing more.
  const recipients = rows.filter((r) => r !== self && r.hasAccess).map((r) => r.agent);
  return { conversation: self.conversation, sender: self.agent, recipients };
}

function messageValues(target: SendTarget, input: WriteInput, options: WriteMessageOptions) {
  return {
    conversationId: target.conversation.id,
    senderAgentId: target.sender.id,
    content: input.content,
    clientMessageId: input.clientMessageId ?? `server:${uuidv7()}`,
    messageType: options.messageType ?? 'text',
    meta: options.meta ?? {},
  };
}

/** The other members a text @mentions, in order of first mention; the sender never mentions itself. */
const mentionsOf = (target: SendTarget, content: string): AgentRow[] => (content.includes('@') ? findMentions(content, target.recipients) : []);

/** Writes who a message @mentions, in the message's transaction (its seq lets the badge count past a read cursor). */
async function writeMentions(tx: Tx, row: MessageRow, mentioned: AgentRow[]) {
  if (mentioned.length === 0) return;
  await insertMentions(tx, row, mentioned.map((agent) => agent.id));
}

function createdEvent(
  ctx: AppContext,
  target: SendTarget,
  row: MessageRow,
  files: AttachmentRow[],
  repliesQueued: boolean,
  extras: { mentions?: string[]; askedBy?: TReactionAgent } = {},
) {
  const inThread = isThread(target.conversation) ? threadPlaceOf(target.conversation) : undefined;
  return {
    conversationId: target.conversation.id,
    message: presentMessage(row, target.sender, files, ctx.config.jwtSecret, [], { ...extras, inThread }),
    participantIds: [target.sender.id, ...target.recipients.map((r) => r.id)],
    repliesQueued,
  };
}

/** A message as written: its row and how every reader is shown it. */
export interface WrittenMessage {
  row: MessageRow;
  message: TChatMessage;
}

/**
 * Writes one message inside the caller's transaction: the row, its files, who it @mentions and the
 * AI reply jobs it asks for; `message.created` goes out when the transaction commits. Undefined
 * when this (sender, clientMessageId) is already stored.
 */
export async function writeMessage(
  ctx: AppContext,
  tx: Tx,
  target: SendTarget,
  input: WriteInput,
  options: WriteMessageOptions = {},
): Promise<WrittenMessage | undefined> {
  const row = await insertMessageRow(tx, { ...messageValues(target, input, options), id: uuidv7() });
  if (!row) return undefined;
  const attachmentIds = input.attachmentIds ?? [];
  const files = attachmentIds.length ? await claimAttachments(tx, row, attachmentIds) : [];
  const mentioned = row.messageType === 'text' ? mentionsOf(target, row.content) : [];
  await writeMentions(tx, row, mentioned);
  const event = createdEvent(ctx, target, row, files, false, { mentions: mentioned.map((a) => a.id), askedBy: options.askedBy });
  const stored = { ...target, message: row };
  if (isThread(target.conversation)) {
    const usable = target.recipients.map((r) => r.id);
    event.participantIds = await followOnReply(tx, target.conversation, target.sender.id, mentioned.map((a) => a.id), usable);
    if (input.alsoSendToParent) await writeParentCopy(ctx, tx, target, row);
    await publishThreadUpdated(ctx, tx, target.conversation);
  }
  if (options.answers) event.repliesQueued = await options.answers({ row, message: event.message });
  else if (row.messageType === 'text' && ctx.replyJobs.wants(target, row.content))
    event.repliesQueued = await ctx.replyJobs.enqueue(ctx, tx, stored, event.message);
  // External agents among the recipients hear it (as their setting says) in the same commit.
  if (target.recipients.some((r) => r.isExternal)) await ctx.agentInbox.heard(tx, stored, event.message);
  ctx.events.publish('message.created', event);
  return { row, message: event.message };
}

/**
 * "Also send to #room" (decision 0026): the reply's copy in the thread's conversation, written with
 * it (a retry of the reply writes neither). It carries its thread in meta, starts no AI reply and
 * @mentions no one (the reply did).
 */
async function writeParentCopy(ctx: AppContext, tx: Tx, target: SendTarget, reply: MessageRow) {
  const place = threadPlaceOf(target.conversation);
  const parent = await resolveSendTarget(ctx, target.sender.id, place.parentConversationId);
  const row = await insertMessageRow(tx, {
    id: uuidv7(),
    conversationId: parent.conversation.id,
    senderAgentId: target.sender.id,
    content: reply.content,
    clientMessageId: `thread-copy:${reply.id}`,
    messageType: 'text',
    meta: { fromThread: place },
  });
  if (row) ctx.events.publish('message.created', createdEvent(ctx, parent, row, [], false));
}

/**
 * Writes messages that are not part of a larger transaction (people's sends). Two ways, one result
 * (a property test holds them to the same rows and events): a message with files, @mentions or AI
 * reply jobs is written by writeMessage in a transaction of its own; a plain one, the bulk of the
 * traffic, by one atomic statement shared with the other sends of the moment (the group commit,
 * decision 0010), which is what keeps a busy node's database round trips down.
 */
export interface MessageWriter {
  /**
   * A person's message as written, or undefined when nothing was stored: this (sender,
   * clientMessageId) is stored already, or the reach rule refuses the send (decision 0022; the
   * caller asks `assertMayWriteTo` which). A transaction's send is refused (403) before it begins.
   */
  write(target: SendTarget, input: WriteInput): Promise<WrittenMessage | undefined>;
  /** The group commit, for its counters; closed by the composition root before the database. */
  readonly groupCommit: GroupCommit;
}

/** People's messages are plain text: no type or meta of their own. */
const PERSON: WriteMessageOptions = Object.freeze({});

/** Whom the reach rule is asked about: a 1:1's other agent (rooms: no one). Threads never take the group commit. */
function writeToOf(target: SendTarget): WriteTo | undefined {
  const other = target.conversation.type === 'room' ? undefined : target.recipients[0];
  return other && { agentId: other.id, isHuman: other.isHuman };
}

export function createMessageWriter(ctx: AppContext, groupCommit: GroupCommit): MessageWriter {
  // An external agent's send may answer its request; an external recipient hears the message in its transaction.
  const involvesExternal = (target: SendTarget) => target.sender.isExternal || target.recipients.some((r) => r.isExternal);
  const needsTransaction = (target: SendTarget, input: WriteInput) =>
    // A thread reply makes its writer follow and changes its root's summary (decision 0026).
    isThread(target.conversation) ||
    (input.attachmentIds?.length ?? 0) > 0 ||
    ctx.replyJobs.wants(target, input.content) ||
    mentionsOf(target, input.content).length > 0 ||
    involvesExternal(target);
  return {
    groupCommit,
    async write(target, input) {
      if (needsTransaction(target, input)) {
        await assertMayWriteTo(ctx.db, target);
        return inTransaction(ctx.db, (tx) => writeMessage(ctx, tx, target, input, PERSON));
      }
      // The reach rule in the storing statement: a plain 1:1 send costs no read of its own for it.
      const row = await groupCommit.insert({ ...messageValues(target, input, PERSON), writeTo: writeToOf(target) });
      if (!row) return undefined;
      const event = createdEvent(ctx, target, row, [], false);
      ctx.events.publish('message.created', event);
      return { row, message: event.message };
    },
  };
}

/** The message a sender already stored under this clientMessageId, as readers are shown it (a retry's answer). */
export async function findSentMessage(ctx: AppContext, senderAgentId: string, clientMessageId: string): Promise<TChatMessage | undefined> {
  const row = await findSentMessageRow(ctx.db, senderAgentId, clientMessageId);
  return row && presentOne(ctx, row);
}

/**
 * The message at seq `around` (or the newest before it) with its neighbours: up to half the page at
 * or before it, the rest after it. Both sides walk the (conversation, seq) index, so a message
 * thousands back costs what the newest page does.
 */
async function pageAround(ctx: AppContext, conversationId: string, around: number, limit: number) {
  const olderCount = Math.ceil(limit / 2);
  const newerCount = limit - olderCount;
  const [older, newer] = await Promise.all([
    findMessagesUpTo(ctx.db, conversationId, around, olderCount + 1),
    findMessagesAfter(ctx.db, conversationId, around, newerCount + 1),
  ]);
  return {
    rows: [...older.slice(0, olderCount).reverse(), ...newer.slice(0, newerCount)],
    hasMore: older.length > olderCount,
    hasNewer: newer.length > newerCount,
  };
}

/**
 * A page of messages, oldest first within the page. `after` (a seq) returns what came later for
 * gap-fill; `around` (a seq) that message with its neighbours (then `hasNewer` says whether newer
 * ones follow); otherwise pages count back from the newest message, or from the `before` message.
 */
export async function listMessages(ctx: AppContext, agentId: string, conversationId: string, query: TMessageListQuery): Promise<TMessagePage> {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  const { page, limit } = query;
  let rows: MessageRow[];
  let hasMore: boolean;
  let hasNewer: boolean | undefined;
  if (query.around !== undefined) {
    ({ rows, hasMore, hasNewer } = await pageAround(ctx, conversationId, query.around, limit));
  } else if (query.after !== undefined) {
    const newer = await findMessagesAfter(ctx.db, conversationId, query.after, limit + 1);
    hasMore = newer.length > limit;
    rows = newer.slice(0, limit);
  } else {
    let upperSeq: number | undefined;
    if (query.before) {
      upperSeq = await findMessageSeq(ctx.db, conversationId, query.before);
      if (upperSeq === undefined) throw notFound(CHAT_ERRORS.messageNotFound);
    }
    const older = await findMessagesBefore(ctx.db, conversationId, upperSeq, limit + 1, (page - 1) * limit);
    hasMore = older.length > limit;
    rows = older.slice(0, limit).reverse();
  }
  const [presented, seenStatus] = await Promise.all([presentMessageRows(ctx, rows), seenStatusOf(ctx.db, conversationId, agentId)]);
  return { messages: presented, pagination: { page, limit, hasMore, ...(hasNewer !== undefined ? { hasNewer } : {}) }, seenStatus };
}

/**
 * An AI reply written again in its place (decision in ai/README.md, "Regenerate"), inside the
 * caller's transaction: `next` sees the message as it is (locked) and answers what it becomes, or
 * undefined to leave it alone. Undefined when the message is gone or left alone. The caller
 * publishes it once committed (publishRewritten).
 */
export async function rewriteMessage(
  tx: Tx,
  messageId: string,
  next: (current: MessageRow) => Pick<MessageRow, 'content' | 'messageType' | 'meta' | 'clientMessageId'> | undefined,
): Promise<MessageRow | undefined> {
  const current = await lockMessage(tx, messageId);
  if (!current || current.deletedAt) return undefined;
  const values = next(current);
  return values && rewriteMessageRow(tx, messageId, values);
}

/** Every reader sees the rewritten reply (the path an edit takes: `message.updated`). */
export async function publishRewritten(ctx: AppContext, row: MessageRow): Promise<TChatMessage> {
  const presented = await presentOne(ctx, row);
  ctx.events.publish('message.updated', { message: presented });
  return presented;
}

/** Only the sender edits a message; it keeps its place and gains the 'edited' tag. */
export async function editMessage(ctx: AppContext, agentId: string, messageId: string, input: Required<TEditMessageRequest>) {
  const { message } = await assertMessageParticipant(ctx.db, messageId, agentId);
  if (message.senderAgentId !== agentId) throw forbidden(CHAT_ERRORS.notYourMessage);
  if (message.deletedAt) throw conflict(CHAT_ERRORS.messageDeleted);
  if (!input.content) {
    if (!(await messageHasAttachment(ctx.db, messageId))) throw badRequest(CHAT_ERRORS.messageEmpty, { content: CHAT_ERRORS.messageEmpty });
  }
  // An edit re-derives who the message @mentions (the badge follows the text); it starts no AI reply.
  const target = await resolveSendTarget(ctx, agentId, message.conversationId);
  const updated = await inTransaction(ctx.db, async (tx) => {
    const row = await updateMessageContent(tx, messageId, input.content);
    if (!row) return undefined;
    await deleteMentionsOf(tx, messageId);
    await writeMentions(tx, row, row.messageType === 'text' ? mentionsOf(target, row.content) : []);
    return row;
  });
  // Deleted between the check and the write: the delete won.
  if (!updated) throw conflict(CHAT_ERRORS.messageDeleted);
  const presented = await presentOne(ctx, updated);
  ctx.events.publish('message.updated', { message: presented });
  return presented;
}

/**
 * Only the sender deletes a message (others: as for edits, 404 unless a participant, then 403). It
 * keeps its seq and place and says it was deleted; its text, reactions and files go, the files from
 * storage too once the transaction has committed. Deleting it again answers the same, with no event.
 */
export async function deleteMessage(ctx: AppContext, agentId: string, messageId: string): Promise<TChatMessage> {
  const { message, conversation } = await assertMessageParticipant(ctx.db, messageId, agentId);
  if (message.senderAgentId !== agentId) throw forbidden(CHAT_ERRORS.notYourMessageToDelete);
  return deleteAsSenderWould(ctx, message, conversation);
}

/**
 * An instance administrator removes a reported message (decision 0028): exactly what its sender's
 * delete does, readers told by `message.updated`, with `also` written in the same transaction (the
 * report's resolution and its audit row). `undefined` when no such message exists.
 */
export async function removeMessage(ctx: AppContext, messageId: string, also: (tx: Tx, conversation: ConversationRow) => Promise<void>): Promise<TChatMessage | undefined> {
  const message = await findMessage(ctx.db, messageId);
  const conversation = message && (await findConversationRow(ctx.db, message.conversationId));
  if (!message || !conversation) return undefined;
  return deleteAsSenderWould(ctx, message, conversation, also);
}

async function deleteAsSenderWould(
  ctx: AppContext,
  message: MessageRow,
  conversation: ConversationRow,
  also?: (tx: Tx, conversation: ConversationRow) => Promise<void>,
): Promise<TChatMessage> {
  const messageId = message.id;
  const sender = await findAgent(ctx.db, message.senderAgentId);
  const deleted = await inTransaction(ctx.db, async (tx) => {
    await also?.(tx, conversation);
    const row = await markMessageDeleted(tx, messageId);
    if (!row) return undefined;
    const files = await deleteMessageExtras(tx, messageId);
    const inThread = isThread(conversation) ? threadPlaceOf(conversation) : undefined;
    const presented = presentMessage(row, sender!, [], ctx.config.jwtSecret, [], { inThread });
    ctx.events.publish('message.updated', { message: presented });
    if (inThread) await publishThreadUpdated(ctx, tx, conversation);
    return { presented, files };
  });
  if (!deleted) {
    const current = await findCurrentMessage(ctx.db, messageId);
    return presentOne(ctx, current!);
  }
  await Promise.all(
    deleted.files.map((file) =>
      ctx.files.delete('uploads', file.storageKey).catch((error: unknown) =>
        ctx.logger.warn({ err: error, attachmentId: file.id }, 'could not remove a deleted message file'),
      ),
    ),
  );
  return deleted.presented;
}

