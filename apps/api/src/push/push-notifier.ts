import { PUSH_TEXTS, type TChatMessage } from '@agentroom/shared';
import { markdownToPlainText } from '@agentroom/shared/markdown';
import type { Registry } from 'prom-client';
import type { AppContext } from '../context';
import type { DomainEvents } from '../core/domain-events';
import { usernameOf } from '../agents/agent-presenters';
import { hasDoNotDisturb } from '../users/presenters';
import { createPushDelivery, type PushJob, type PushPayload } from './push-delivery';
import { findDevicesOfAccounts, findPushCandidates, findPushPlace } from './push-repo';
import { translatorFor } from '../core/translate';

/** The longest message text a push with previews carries (plain text, cut with "…"). */
const PREVIEW_LENGTH = 140;
/** A message push older than this is not worth showing: the unread counts and the mail have it. */
const MESSAGE_TTL_SECONDS = 24 * 60 * 60;

type Candidate = Awaited<ReturnType<typeof findPushCandidates>>[number];
type Place = NonNullable<Awaited<ReturnType<typeof findPushPlace>>>;

const nameOf = (sender: TChatMessage['sender']) => [sender.firstName, sender.lastName].filter(Boolean).join(' ') || 'Someone';

/** The app path that opens the message: the room, or the 1:1 by the other person's username; a thread reply opens its thread beside it. */
function pathOf(message: TChatMessage, place: Place): string {
  const team = place.teamHandle ? `/t/${encodeURIComponent(place.teamHandle)}` : '';
  const base = place.type === 'room' ? `${team}/r/${encodeURIComponent(place.name ?? '')}` : `${team}/p/@${encodeURIComponent(usernameOf(place.sender))}`;
  return message.inThread ? `${base}?${new URLSearchParams({ thread: message.inThread.rootMessageId }).toString()}` : base;
}

/**
 * Whether a message should reach the person's devices, as the web decides for a toast
 * (apps/web/src/notifications/notify-decision.ts): nothing at level 'none' or during do not disturb;
 * in rooms (and their threads), while muted and at level 'mentions', only @mentions of them. A tool
 * call waiting for their approval is addressed to them like a mention.
 */
function wantsPush(candidate: Candidate, message: TChatMessage, isRoom: boolean, isApproval: boolean, now: Date): boolean {
  if (candidate.notifyLevel === 'none' || hasDoNotDisturb(candidate, now)) return false;
  if (isApproval) return true;
  const onlyMentions = isRoom || candidate.muted || candidate.notifyLevel === 'mentions';
  return !onlyMentions || !!message.mentions?.includes(candidate.agentId);
}

/** What one person's devices are shown, in their language; the text itself only when they allowed previews. */
async function payloadFor(candidate: Candidate, message: TChatMessage, place: Place, isApproval: boolean): Promise<PushPayload> {
  const { t } = translatorFor(candidate.locale);
  const url = pathOf(message, place);
  const tag = message.conversationId;
  if (isApproval) return { title: t(PUSH_TEXTS.approvalNeeded), body: t(PUSH_TEXTS.approvalWaiting), url, tag };
  const sender = nameOf(message.sender);
  const title = place.type === 'room' ? t(PUSH_TEXTS.inRoom, { name: sender, room: place.name ?? '' }) : sender;
  const mentioned = !!message.mentions?.includes(candidate.agentId);
  const body = candidate.pushPreviews
    ? markdownToPlainText(message.content, PREVIEW_LENGTH) || t(PUSH_TEXTS.sentAttachment)
    : t(mentioned ? PUSH_TEXTS.mentionedYou : PUSH_TEXTS.newMessage);
  return { title, body, url, tag };
}

/**
 * Who gets a push about a stored message (decision 0027): the other person of a 1:1, a person
 * @mentioned in a room or thread, the people who may decide a tool call waiting for approval — each
 * as their settings allow (blocks, notify level, mute, do not disturb), and only while no tab of
 * theirs is connected on any node (a connected tab shows its own toast). Runs after the commit on the
 * node that stored the message (the domain bus is never relayed between nodes): one push per device.
 */
async function pushesFor(ctx: AppContext, event: DomainEvents['message.created']): Promise<PushJob[]> {
  const { conversationId, message, participantIds } = event;
  if (message.deleted || message.messageType === 'notice') return [];
  const isApproval = message.messageType === 'approval';
  if (isApproval && message.approval?.status !== 'pending') return [];
  const senderId = message.sender.id;
  const others = participantIds.filter((id) => id !== senderId);
  // A 1:1 (and its threads) has two participants; anywhere busier only an @mention pushes, so a plain
  // room message costs no query at all.
  const targetIds = isApproval ? (message.approval?.approverIds ?? []) : others.length === 1 ? others : others.filter((id) => message.mentions?.includes(id));
  if (targetIds.length === 0) return [];
  const candidates = await findPushCandidates(ctx.db, conversationId, targetIds, senderId);
  if (candidates.length === 0) return [];
  // A thread's reply is named and linked as the conversation its root is in.
  const place = await findPushPlace(ctx.db, message.inThread?.parentConversationId ?? conversationId, senderId);
  if (!place) return [];
  const now = new Date();
  const wanted = candidates.filter((c) => wantsPush(c, message, place.type === 'room', isApproval, now));
  if (wanted.length === 0) return [];
  const online = await ctx.presence(wanted.map((c) => ({ id: c.agentId, isHuman: true })));
  const away = wanted.filter((c) => online.get(c.agentId) !== true);
  if (away.length === 0) return [];
  const devices = await findDevicesOfAccounts(ctx.db, away.map((c) => c.accountId));
  const expiresAt = message.approval ? Date.parse(message.approval.expiresAt) : NaN;
  const ttlSeconds = isApproval && Number.isFinite(expiresAt) ? Math.max(60, Math.round((expiresAt - now.getTime()) / 1000)) : MESSAGE_TTL_SECONDS;
  const jobs: PushJob[] = [];
  for (const candidate of away) {
    const payload = await payloadFor(candidate, message, place, isApproval);
    for (const device of devices.filter((d) => d.accountId === candidate.accountId))
      jobs.push({ device, payload, ttlSeconds, urgency: isApproval ? 'high' : 'normal' });
  }
  return jobs;
}

export interface PushNotifier {
  /** Resolves once every message stored so far has been decided (its pushes queued or not): tests then change settings or presence. */
  settled(): Promise<void>;
  /** Stops listening, lets the decisions under way finish, then ends the deliveries in flight. */
  stop(): Promise<void>;
}

/** Listens for stored messages and pushes to the devices of those who should hear of them (nothing when push is off here). */
export function startPushNotifier(ctx: AppContext, registry?: Registry): PushNotifier {
  if (!ctx.config.push.vapid) return { settled: async () => {}, stop: async () => {} };
  const delivery = createPushDelivery(ctx, registry);
  const deciding = new Set<Promise<void>>();
  const unsubscribe = ctx.events.subscribe('message.created', (event) => {
    const decided = pushesFor(ctx, event)
      .then((jobs) => delivery.send(jobs))
      .catch((error: unknown) => ctx.logger.warn({ err: error, messageId: event.message.id }, 'push: could not decide who to notify'))
      .finally(() => deciding.delete(decided));
    deciding.add(decided);
  });
  return {
    async settled() {
      await Promise.all(deciding);
    },
    async stop() {
      unsubscribe();
      await Promise.all(deciding);
      await delivery.stop();
    },
  };
}
