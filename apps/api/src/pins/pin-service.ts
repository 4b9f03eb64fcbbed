import { PINS_MAX_PER_CONVERSATION, THREAD_ERRORS, type TPin, type TPinResponse, type TPinsResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { ConversationRow } from '../db/rows';
import { badRequest, conflict } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { assertConversationParticipant, assertMayWriteTo, assertMessageParticipant } from '../chat/chat-access';
import { presentMessageRows } from '../chat/chat-views';
import { resolveSendTarget } from '../chat/message-service';
import { lockMessageDeletedState } from '../chat/reaction-repo';
import { isThread, rulingConversation } from '../chat/thread-parent';
import { countLivePins, deletePin, findLivePins, findPin, findPinWithMessage, insertPin, lockConversationForPins, type LivePin } from './pins-repo';

/*
 * Pins (decision 0026): a message pinned for everyone in its conversation, at most
 * PINS_MAX_PER_CONVERSATION of them. A pin of a message deleted later stays in the table but is no
 * longer listed nor counted.
 */

async function presentPins(ctx: AppContext, rows: LivePin[]): Promise<TPin[]> {
  const messages = await presentMessageRows(ctx, rows.map((row) => row.message));
  return rows.map((row, i) => ({ message: messages[i]!, pinnedBy: row.pinnedBy, pinnedAt: row.pin.pinnedAt.toISOString() }));
}

/** GET /chat/conversations/:id/pins: participants only (else 404); newest pinned first. */
export async function listPins(ctx: AppContext, agentId: string, conversationId: string): Promise<TPinsResponse> {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  return { pins: await presentPins(ctx, await findLivePins(ctx.db, conversationId)) };
}

/**
 * Pinning changes what everyone in the conversation sees, so a 1:1 that is read-only for the caller
 * (the reach rule, decision 0022) refuses it exactly as it refuses a send (the send's own target and
 * check): 403 with the reason. A thread is ruled by its parent.
 */
async function assertMayPinIn(ctx: AppContext, conversation: ConversationRow, agentId: string) {
  const ruling = await rulingConversation(ctx.db, conversation);
  if (ruling.type === 'room') return;
  await assertMayWriteTo(ctx.db, await resolveSendTarget(ctx, agentId, ruling.id));
}

/**
 * PUT /chat/messages/:id/pin. In order: 404 unless the caller takes part in the message's
 * conversation, 400 in a thread, 403 in a read-only 1:1, 409 for a deleted message, 409 past the cap.
 * Pinning a pinned message answers its pin and announces nothing. The message row is locked (a
 * concurrent delete waits, or wins with its 409), then the conversation row, so concurrent pins
 * count one after the other and the cap holds.
 */
export async function pinMessage(ctx: AppContext, agentId: string, messageId: string): Promise<TPinResponse> {
  const { message, conversation } = await assertMessageParticipant(ctx.db, messageId, agentId);
  if (isThread(conversation)) throw badRequest(THREAD_ERRORS.pinInThread);
  await assertMayPinIn(ctx, conversation, agentId);
  if (message.deletedAt) throw conflict(THREAD_ERRORS.pinDeleted);

  await inTransaction(ctx.db, async (tx) => {
    const locked = await lockMessageDeletedState(tx, messageId);
    if (locked?.deletedAt) throw conflict(THREAD_ERRORS.pinDeleted);
    await lockConversationForPins(tx, conversation.id);
    if (await findPin(tx, messageId)) return;
    if ((await countLivePins(tx, conversation.id)) >= PINS_MAX_PER_CONVERSATION) throw conflict(THREAD_ERRORS.tooManyPins);
    if (await insertPin(tx, { messageId, conversationId: conversation.id, pinnedByAgentId: agentId }))
      ctx.events.publish('pins.changed', { conversationId: conversation.id, messageId, pinned: true });
  });

  const pinned = await findPinWithMessage(ctx.db, messageId);
  return { pin: pinned ? ((await presentPins(ctx, [pinned]))[0] ?? null) : null };
}

/**
 * DELETE /chat/messages/:id/pin: the same access and read-only rules; unpinning a message that is
 * not pinned (a thread's, a deleted one's already gone) changes and announces nothing.
 */
export async function unpinMessage(ctx: AppContext, agentId: string, messageId: string): Promise<TPinResponse> {
  const { conversation } = await assertMessageParticipant(ctx.db, messageId, agentId);
  await assertMayPinIn(ctx, conversation, agentId);
  await inTransaction(ctx.db, async (tx) => {
    if (await deletePin(tx, messageId)) ctx.events.publish('pins.changed', { conversationId: conversation.id, messageId, pinned: false });
  });
  return { pin: null };
}
