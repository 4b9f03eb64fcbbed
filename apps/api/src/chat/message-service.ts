import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  CHAT_ERRORS,
  isUuid,
  type TChatMessage,
  type TEditMessageRequest,
  type TMessageListQuery,
  type TMessagePage,
  type TSendMessageInput,
} from '@agentroom/shared';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { attachments, messages, type TMessageMeta } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/app-error';
import { assertConversationParticipant, assertMessageParticipant } from './chat-access';
import { hasMessageInsertedHooks, publishMessageCommitted, publishMessageUpdated, runMessageInsertedHooks } from './chat-events';
import { presentMessageRows, seenStatusOf } from './chat-repo';
import { conversationMembers } from './conversation-members-cache';
import { insertMessage } from './insert-message';
import { presentMessage, type AttachmentRow, type MessageRow } from './chat-presenters';

async function findByClientId(ctx: AppContext, senderAgentId: string, clientMessageId: string) {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.senderAgentId, senderAgentId), eq(messages.clientMessageId, clientMessageId)))
    .limit(1);
  return row;
}

/** Attaches the sender's uploads (of this conversation, not yet sent) to the message, all or none. */
async function claimAttachments(tx: Tx, message: MessageRow, attachmentIds: string[]): Promise<AttachmentRow[]> {
  const files = await tx
    .update(attachments)
    .set({ messageId: message.id })
    .where(
      and(
        inArray(attachments.id, attachmentIds),
        eq(attachments.conversationId, message.conversationId),
        eq(attachments.uploaderAgentId, message.senderAgentId),
        isNull(attachments.messageId),
      ),
    )
    .returning();
  if (files.length !== new Set(attachmentIds).size)
    throw badRequest(CHAT_ERRORS.attachmentNotFound, { attachmentIds: CHAT_ERRORS.attachmentNotFound });
  return files.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
}

async function presentOne(ctx: AppContext, row: MessageRow): Promise<TChatMessage> {
  const [presented] = await presentMessageRows(ctx, [row]);
  return presented!;
}

/** A retry of a send already stored answers that message, unless the id was used in another conversation. */
async function existingSend(ctx: AppContext, row: MessageRow, conversationId: string) {
  if (row.conversationId !== conversationId) throw conflict(CHAT_ERRORS.clientMessageIdReused);
  return { message: await presentOne(ctx, row), created: false };
}

/**
 * Stores one message (see insertMessage for how seq stays gap-free). The same (sender, clientMessageId)
 * stores one message: a retry gets the stored one back. Events and the afterMessageCommitted hook run
 * after commit.
 */
export async function sendMessage(ctx: AppContext, senderAgentId: string, conversationId: string, input: TSendMessageInput) {
  return storeMessage(ctx, senderAgentId, conversationId, input);
}

/** Server-side extras of a stored message: AI replies set a type and meta and end their job atomically. */
export interface StoreMessageOptions {
  messageType?: string;
  meta?: TMessageMeta;
  /** Runs in the message's transaction; throwing rolls the message back. */
  inTransaction?: (tx: Tx, row: MessageRow) => Promise<void>;
}

/** sendMessage's rules and transaction, for the server's own senders too (AI replies, notices). */
export async function storeMessage(
  ctx: AppContext,
  senderAgentId: string,
  conversationId: string,
  input: Pick<TSendMessageInput, 'content' | 'clientMessageId'> & Partial<Pick<TSendMessageInput, 'targetAgentId' | 'attachmentIds'>>,
  options: StoreMessageOptions = {},
) {
  const attachmentIds = input.attachmentIds ?? [];
  // One read answers both the access check and who the recipients are.
  const rows = isUuid(conversationId) ? await conversationMembers(ctx, conversationId) : [];
  // The same rule as assertConversationParticipant, computed by that read (see chat-access).
  const self = rows.find((r) => r.agent.id === senderAgentId);
  if (!self?.hasAccess) throw notFound(CHAT_ERRORS.conversationNotFound);
  const { conversation } = self;
  const sender = self.agent;
  // Someone who lost access with their team is told nothing more.
  const recipients = rows.filter((r) => r.agent.id !== senderAgentId && r.hasAccess).map((r) => r.agent);
  if (input.targetAgentId && !recipients.some((r) => r.id === input.targetAgentId))
    throw badRequest(CHAT_ERRORS.targetNotParticipant, { targetAgentId: CHAT_ERRORS.targetNotParticipant });

  const clientMessageId = input.clientMessageId ?? `server:${uuidv7()}`;
  const values = {
    conversationId,
    senderAgentId,
    content: input.content,
    clientMessageId,
    messageType: options.messageType ?? 'text',
    meta: options.meta ?? {},
  };
  // A plain message is one atomic statement; files, hooks (an AI reply job) or the caller's own work
  // need a transaction around it.
  const hooked = hasMessageInsertedHooks(ctx, recipients, sender) || options.inTransaction || attachmentIds.length > 0;
  let stored: { row: MessageRow; files: AttachmentRow[] } | undefined;
  if (!hooked) {
    const row = await insertMessage(ctx.db, values);
    stored = row && { row, files: [] };
  } else {
    stored = await ctx.db.transaction(async (tx) => {
      const inserted = await insertMessage(tx, values);
      if (!inserted) return undefined;
      const files = attachmentIds.length ? await claimAttachments(tx, inserted, attachmentIds) : [];
      await runMessageInsertedHooks(ctx, tx, { conversation, message: inserted, sender, recipients });
      await options.inTransaction?.(tx, inserted);
      return { row: inserted, files };
    });
  }
  if (!stored) {
    // A retry (double click, network retry, another node): answer the message already stored.
    const earlier = await findByClientId(ctx, senderAgentId, clientMessageId);
    return existingSend(ctx, earlier!, conversationId);
  }

  const { row, files } = stored;
  const message = presentMessage(row, sender, files, ctx.config.jwtSecret);
  publishMessageCommitted(ctx, { conversation: { ...conversation, lastSeq: row.seq, lastMessageAt: row.createdAt }, message, sender, recipients });
  return { message, created: true };
}

/**
 * A page of messages, oldest first within the page. `after` (a seq) returns what came later for
 * gap-fill; otherwise pages count back from the newest message, or from the `before` message.
 */
export async function listMessages(ctx: AppContext, agentId: string, conversationId: string, query: TMessageListQuery): Promise<TMessagePage> {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  const { page, limit } = query;
  let rows: MessageRow[];
  let hasMore: boolean;
  if (query.after !== undefined) {
    const newer = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, query.after)))
      .orderBy(asc(messages.seq))
      .limit(limit + 1);
    hasMore = newer.length > limit;
    rows = newer.slice(0, limit);
  } else {
    let upperSeq: number | undefined;
    if (query.before) {
      const [anchor] = await ctx.db
        .select({ seq: messages.seq })
        .from(messages)
        .where(and(eq(messages.id, query.before), eq(messages.conversationId, conversationId)))
        .limit(1);
      if (!anchor) throw notFound(CHAT_ERRORS.messageNotFound);
      upperSeq = anchor.seq;
    }
    const older = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), upperSeq === undefined ? undefined : lt(messages.seq, upperSeq)))
      .orderBy(desc(messages.seq))
      .limit(limit + 1)
      .offset((page - 1) * limit);
    hasMore = older.length > limit;
    rows = older.slice(0, limit).reverse();
  }
  const [presented, seenStatus] = await Promise.all([presentMessageRows(ctx, rows), seenStatusOf(ctx.db, conversationId, agentId)]);
  return { messages: presented, pagination: { page, limit, hasMore }, seenStatus };
}

/** Only the sender edits a message; it keeps its place and gains the 'edited' tag. */
export async function editMessage(ctx: AppContext, agentId: string, messageId: string, input: Required<TEditMessageRequest>) {
  const { message } = await assertMessageParticipant(ctx.db, messageId, agentId);
  if (message.senderAgentId !== agentId) throw forbidden(CHAT_ERRORS.notYourMessage);
  if (!input.content) {
    const [file] = await ctx.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.messageId, messageId)).limit(1);
    if (!file) throw badRequest(CHAT_ERRORS.messageEmpty, { content: CHAT_ERRORS.messageEmpty });
  }
  const [updated] = await ctx.db
    .update(messages)
    .set({ content: input.content, editedAt: sql`clock_timestamp()` })
    .where(eq(messages.id, messageId))
    .returning();
  const presented = await presentOne(ctx, updated!);
  publishMessageUpdated(ctx, presented);
  return presented;
}

