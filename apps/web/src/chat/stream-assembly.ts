import { streamIdOfAiReply, type TActiveReply, type TChatMessage, type TFileRead, type TMessageStreamEvent, type TToolStep } from '@agentroom/shared';

/** An AI reply being written: the text so far, assembled from `message:stream` deltas. */
export interface StreamingReply {
  streamId: string;
  agentId: string;
  attempt: number;
  text: string;
  /** The job said it finished; the stored message (clientMessageId `ai-reply:<streamId>`) takes over. */
  done: boolean;
  /** A regeneration (or a notice's retry): it is drawn in this message's place, not at the end. */
  replacesMessageId?: string;
  /** Its tool steps and the files it read so far: the latest the server sent (it sends them whole). */
  steps?: readonly TToolStep[];
  filesRead?: readonly TFileRead[];
  /** A tool call waits for a person's approval (its card is in the conversation): no typing dots. */
  waiting?: true;
  /**
   * Deltas of this attempt that start past `text` (some before them were missed), kept to be added
   * once `text` reaches them: GET /replies answers a text saved a moment ago, which may end before
   * the deltas already here.
   */
  ahead?: readonly Ahead[];
}

interface Ahead {
  offset: number;
  delta: string;
}

/** Kept deltas past a gap, at most: a gap that stays open is the refetch's to close. */
const AHEAD_LIMIT = 500;

/** `text` with every kept delta it now reaches added, and the kept deltas still past it. */
function catchUp(text: string, ahead: readonly Ahead[]): { text: string; ahead: readonly Ahead[] } {
  let pending = ahead;
  for (;;) {
    const next = pending.find((d) => d.offset <= text.length && d.offset + d.delta.length > text.length);
    pending = pending.filter((d) => d !== next && d.offset + d.delta.length > text.length);
    if (!next) return { text, ahead: pending };
    text += next.delta.slice(text.length - next.offset);
  }
}

const keptAhead = (ahead: readonly Ahead[]) => (ahead.length ? { ahead } : {});

/** The tool progress of a reply, with only the fields that say something (a reply without tools looks as before). */
function progress(steps: readonly TToolStep[] | undefined, filesRead: readonly TFileRead[] | undefined, waiting: boolean) {
  return { ...(steps ? { steps } : {}), ...(filesRead ? { filesRead } : {}), ...(waiting ? { waiting: true as const } : {}) };
}

const awaitsApproval = (steps: readonly TToolStep[]) => steps.some((step) => step.status === 'pending_approval');

const replaces = (messageId: string | undefined) => (messageId ? { replacesMessageId: messageId } : {});

export type StreamState = Readonly<Record<string, StreamingReply>>;

/** The streams whose stored reply is already in the list. */
export function storedStreamIds(messages: readonly TChatMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) {
    const id = streamIdOfAiReply(m.clientMessageId);
    if (id) ids.add(id);
  }
  return ids;
}

/** What the chat shows: replies not yet stored, and not finished empty (stopped before a word). */
export const visibleStreams = (state: StreamState, stored: ReadonlySet<string>): StreamingReply[] =>
  Object.values(state).filter((s) => !stored.has(s.streamId) && !(s.done && !s.text));

export interface StreamEventResult {
  state: StreamState;
  /** We hold less text than the event assumes (a missed delta): ask GET /replies for the text so far. */
  needsRefetch: boolean;
}

/**
 * Applies one delta by its offset. Holding at least offset+delta already → skip (a repeat); holding
 * exactly `offset` → append; holding less → a gap, so refetch. A higher attempt restarts the text (the
 * job was retried from scratch); a lower attempt is a leftover of an abandoned try and is ignored.
 */
export function applyStreamEvent(state: StreamState, event: TMessageStreamEvent): StreamEventResult {
  const current = state[event.streamId];
  if (current && event.attempt < current.attempt) return { state, needsRefetch: false };
  const restart = !current || event.attempt > current.attempt;
  const base: StreamingReply = restart
    ? { streamId: event.streamId, agentId: event.agentId, attempt: event.attempt, text: '', done: false, ...replaces(event.replacesMessageId ?? current?.replacesMessageId) }
    : current;

  let text = base.text;
  let ahead = base.ahead ?? [];
  const needsRefetch = event.offset > text.length;
  if (needsRefetch && event.delta && ahead.length < AHEAD_LIMIT) ahead = [...ahead, { offset: event.offset, delta: event.delta }];
  else if (!needsRefetch) ({ text, ahead } = catchUp(text, [{ offset: event.offset, delta: event.delta }, ...ahead]));

  const done = base.done || event.done;
  // Steps come whole with the event that changed them; without them, new text means the wait is over.
  const steps = event.steps ?? base.steps;
  const filesRead = event.filesRead ?? base.filesRead;
  const waiting = !done && (event.steps ? awaitsApproval(event.steps) : text === base.text && base.waiting === true);
  const sameProgress = steps === base.steps && filesRead === base.filesRead && waiting === (base.waiting === true);
  const sameAhead = ahead.length === (base.ahead?.length ?? 0);
  if (!restart && text === base.text && done === base.done && sameProgress && sameAhead) return { state, needsRefetch };
  const { steps: _s, filesRead: _f, waiting: _w, ahead: _a, ...rest } = base;
  return { state: { ...state, [event.streamId]: { ...rest, text, done, ...progress(steps, filesRead, waiting), ...keptAhead(ahead) } }, needsRefetch };
}

/**
 * GET /replies answers every reply still being written with its text so far. It wins over what we
 * hold when it is a later attempt or longer (then the deltas kept past a gap that it reaches are
 * added); a reply we hold that is no longer active has finished.
 */
export function applyActiveReplies(state: StreamState, replies: readonly TActiveReply[]): StreamState {
  const next: Record<string, StreamingReply> = {};
  const active = new Set(replies.map((r) => r.streamId));
  for (const [id, reply] of Object.entries(state)) next[id] = active.has(id) ? reply : { ...reply, done: true };
  for (const reply of replies) {
    const held = next[reply.streamId];
    const newer = !held || reply.attempt > held.attempt || (reply.attempt === held.attempt && reply.content.length > held.text.length);
    // The server's steps and status are the truth of the moment (a reconnect missed their events).
    const now = progress(reply.steps ?? held?.steps, reply.filesRead ?? held?.filesRead, reply.status === 'waiting');
    if (newer) {
      const caught = catchUp(reply.content, held?.attempt === reply.attempt ? (held.ahead ?? []) : []);
      next[reply.streamId] = {
        streamId: reply.streamId,
        agentId: reply.agentId,
        attempt: reply.attempt,
        text: caught.text,
        done: false,
        ...replaces(reply.replacesMessageId ?? held?.replacesMessageId),
        ...now,
        ...keptAhead(caught.ahead),
      };
    } else if (held.attempt === reply.attempt) {
      const { steps: _s, filesRead: _f, waiting: _w, ...rest } = held;
      next[reply.streamId] = { ...rest, ...now };
    }
  }
  return next;
}

/** Drops the replies whose stored message is in the list (by streamId). */
export function withoutStored(state: StreamState, storedStreamIds: ReadonlySet<string>): StreamState {
  const ids = Object.keys(state).filter((id) => storedStreamIds.has(id));
  if (ids.length === 0) return state;
  const next = { ...state };
  for (const id of ids) delete next[id];
  return next;
}

/** Drops finished replies: used once a gap-fill has brought their stored messages (or found none: stopped empty). */
export function withoutDone(state: StreamState): StreamState {
  const ids = Object.keys(state).filter((id) => state[id]!.done);
  if (ids.length === 0) return state;
  const next = { ...state };
  for (const id of ids) delete next[id];
  return next;
}
