import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { TChatMessage } from '@agentroom/shared';

/** What a client counted while it followed its conversations (for a test's summary line). */
export interface FollowStats {
  /** message:send emitted again for a message already emitted once (no ack: node gone, timeout, error ack). */
  retries: number;
  /** sync:resync events heard. */
  resyncs: number;
  /** Live messages this client already held (harmless: merged by id). */
  liveDuplicates: number;
  /** Live messages whose seq skipped past the held ones: each fetched the gap at once. */
  gapFetches: number;
  /** Connections after the first. */
  reconnects: number;
}

interface Followed {
  byId: Map<string, TChatMessage>;
  bySeq: Map<number, string>;
  /** Every seq up to here is held. */
  lastSeq: number;
  fetching?: Promise<void>;
  fetchAgain: boolean;
}

interface Pending {
  conversationId: string;
  clientMessageId: string;
  content: string;
  emitted: number;
}

interface Options {
  name: string;
  token: string;
  conversationIds: string[];
  /** The API nodes' URLs as they are now (a restarted node may answer on another port). */
  nodes: () => string[];
  /** Index into nodes() of the node to try first. */
  startAt: number;
}

/** Room joins wait this long; a send's ack far longer (a node behind on a busy machine still answers). */
const ACK_TIMEOUT_MS = 20_000;
const SEND_ACK_TIMEOUT_MS = 120_000;
const RETRY_PAUSE_MS = 150;

/**
 * A client that follows the no-lost-live-event protocol to the letter, over socket.io-client and
 * fetch: after every (re)connect it joins its conversation rooms (waiting for each ack) and then
 * fetches `after=<lastSeq>` until no more; a live message past lastSeq + 1 fetches the gap at once;
 * `sync:resync` fetches every conversation; everything merges by message id. Its sends keep their
 * clientMessageId and go out again until acked. When its node goes (closed, refused, shutting
 * down) it moves on to the next URL of `nodes()`, so it holds exactly what the database holds once
 * the nodes are quiet.
 */
export class FollowingClient {
  readonly stats: FollowStats = { retries: 0, resyncs: 0, liveDuplicates: 0, gapFetches: 0, reconnects: 0 };
  /** Every message this client offered, in order. */
  readonly sent: { conversationId: string; clientMessageId: string }[] = [];
  /** clientMessageId → the stored message its ack answered. */
  readonly acked = new Map<string, TChatMessage>();
  /** Messages whose seq was already held under another id: never expected (seqs are unique). */
  readonly seqConflicts: TChatMessage[] = [];
  private readonly pending = new Map<string, Pending>();
  private readonly followed = new Map<string, Followed>();
  private socket?: Socket;
  private url?: string;
  /** Counts sockets, so callbacks of an old one are told apart. */
  private generation = 0;
  private nodeIndex: number;
  private synced = false;
  private closed = false;
  private readonly ackListeners = new Set<(message: TChatMessage) => void>();

  private constructor(private readonly options: Options) {
    this.nodeIndex = options.startAt;
    for (const id of options.conversationIds) this.followed.set(id, { byId: new Map(), bySeq: new Map(), lastSeq: 0, fetchAgain: false });
  }

  /** Connected, joined and caught up. */
  static async start(options: Options): Promise<FollowingClient> {
    const client = new FollowingClient(options);
    const ready = new Promise<void>((resolve) => (client.onFirstSync = resolve));
    client.connect();
    await ready;
    return client;
  }

  private onFirstSync?: () => void;

  /** The node this client's socket talks to now (undefined while between nodes). */
  get node(): string | undefined {
    return this.synced ? this.url : undefined;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Offers a new message (its own clientMessageId); sent now if connected, else on the next connect. */
  send(conversationId: string): string {
    const clientMessageId = `${this.options.name}-${randomUUID()}`;
    const entry = { conversationId, clientMessageId, content: `${this.options.name} ${this.sent.length + 1}`, emitted: 0 };
    this.sent.push({ conversationId, clientMessageId });
    this.pending.set(clientMessageId, entry);
    if (this.synced) this.emitSend(entry);
    return clientMessageId;
  }

  /** Called with each message an ack answers (for tests that act once a node acked something). */
  onAck(listener: (message: TChatMessage) => void): () => void {
    this.ackListeners.add(listener);
    return () => this.ackListeners.delete(listener);
  }

  /** The held messages of a conversation, by seq. */
  holds(conversationId: string): TChatMessage[] {
    return [...this.followed.get(conversationId)!.byId.values()].sort((a, b) => a.seq - b.seq);
  }

  /** True when the client holds these seqs of the conversation, each once, and nothing else. */
  holdsExactly(conversationId: string, seqs: number[]): boolean {
    const held = this.holds(conversationId).map((m) => m.seq);
    const wanted = [...seqs].sort((a, b) => a - b);
    return held.length === wanted.length && held.every((seq, i) => seq === wanted[i]);
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  private connect(): void {
    if (this.closed) return;
    const nodes = this.options.nodes();
    const url = nodes[this.nodeIndex % nodes.length]!;
    const generation = ++this.generation;
    if (generation > 1) this.stats.reconnects += 1;
    this.url = url;
    this.synced = false;
    const socket = io(url, { auth: { token: this.options.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket = socket;
    const current = () => generation === this.generation && !this.closed;
    let movedOn = false;
    const moveOn = () => {
      if (movedOn || !current()) return;
      movedOn = true;
      this.synced = false;
      socket.close();
      this.nodeIndex += 1;
      setTimeout(() => this.connect(), RETRY_PAUSE_MS);
    };
    socket.on('connect_error', moveOn);
    socket.on('disconnect', moveOn);
    socket.on('message:received', (message) => current() && this.receiveLive(message));
    socket.on('sync:resync', () => {
      if (!current()) return;
      this.stats.resyncs += 1;
      for (const id of this.followed.keys()) this.fetchOrMoveOn(id);
    });
    socket.on('connect', () => {
      this.joinAndCatchUp(socket, current).then(
        () => {
          if (!current()) return;
          this.synced = true;
          for (const entry of this.pending.values()) this.emitSend(entry);
          this.onFirstSync?.();
          this.onFirstSync = undefined;
        },
        () => moveOn(),
      );
    });
  }

  /** Rooms first, then the fetch: whatever is stored after the fetch's read arrives live. */
  private async joinAndCatchUp(socket: Socket, current: () => boolean): Promise<void> {
    for (const id of this.followed.keys()) {
      const ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('room:join', { roomId: `conversation:${id}` })) as { ok: boolean };
      if (!ack.ok) throw new Error(`room:join refused: ${JSON.stringify(ack)}`);
    }
    if (!current()) throw new Error('socket replaced');
    await Promise.all([...this.followed.keys()].map((id) => this.requestFetch(id)));
  }

  private emitSend(entry: Pending): void {
    const socket = this.socket!;
    const generation = this.generation;
    if (entry.emitted > 0) this.stats.retries += 1;
    entry.emitted += 1;
    const payload = { conversationId: entry.conversationId, content: entry.content, clientMessageId: entry.clientMessageId };
    socket.timeout(SEND_ACK_TIMEOUT_MS).emit('message:send', payload, (error: Error | null, ack?: { ok: boolean; participantMessage?: TChatMessage }) => {
      if (!error && ack?.ok && ack.participantMessage) return this.ackReceived(entry, ack.participantMessage);
      // No ack or an error ack: send again on this socket if it is still the one (a new socket re-sends everything pending).
      if (generation === this.generation && this.synced && this.pending.has(entry.clientMessageId))
        setTimeout(() => generation === this.generation && this.synced && this.pending.has(entry.clientMessageId) && this.emitSend(entry), RETRY_PAUSE_MS);
    });
  }

  private ackReceived(entry: Pending, message: TChatMessage): void {
    if (!this.pending.delete(entry.clientMessageId)) return;
    this.acked.set(entry.clientMessageId, message);
    this.merge(message);
    for (const listener of this.ackListeners) listener(message);
  }

  private receiveLive(message: TChatMessage): void {
    const followed = this.followed.get(message.conversationId);
    if (!followed) return;
    if (followed.byId.has(message.id)) {
      this.stats.liveDuplicates += 1;
      return;
    }
    const gap = message.seq > followed.lastSeq + 1;
    this.merge(message);
    if (gap && message.seq > followed.lastSeq + 1) {
      this.stats.gapFetches += 1;
      this.fetchOrMoveOn(message.conversationId);
    }
  }

  private merge(message: TChatMessage): void {
    const followed = this.followed.get(message.conversationId);
    if (!followed || followed.byId.has(message.id)) return;
    const other = followed.bySeq.get(message.seq);
    if (other !== undefined && other !== message.id) this.seqConflicts.push(message);
    followed.byId.set(message.id, message);
    followed.bySeq.set(message.seq, message.id);
    while (followed.bySeq.has(followed.lastSeq + 1)) followed.lastSeq += 1;
  }

  /** A fetch that fails while the socket is up (a node on its way out) ends the socket: the next one fetches again. */
  private fetchOrMoveOn(conversationId: string): void {
    const socket = this.socket;
    this.requestFetch(conversationId).catch(() => {
      if (socket === this.socket) socket?.disconnect();
    });
  }

  /** One fetch at a time per conversation; a request while one runs runs it again afterwards. */
  private requestFetch(conversationId: string): Promise<void> {
    const followed = this.followed.get(conversationId)!;
    if (followed.fetching) {
      followed.fetchAgain = true;
      return followed.fetching;
    }
    const run = async () => {
      do {
        followed.fetchAgain = false;
        await this.fetchAfter(conversationId, followed);
      } while (followed.fetchAgain && !this.closed);
    };
    followed.fetching = run().finally(() => (followed.fetching = undefined));
    return followed.fetching;
  }

  /** Pages of `after=<lastSeq>` until no more. A failed fetch ends here: the next connect fetches again. */
  private async fetchAfter(conversationId: string, followed: Followed): Promise<void> {
    const generation = this.generation;
    for (;;) {
      const url = `${this.url}/api/v1/chat/conversations/${conversationId}/messages?after=${followed.lastSeq}&limit=200`;
      const res = await fetch(url, { headers: { authorization: `Bearer ${this.options.token}` } }).catch(() => undefined);
      if (!res?.ok) {
        // The node is going: its socket closes too, and the next one fetches again.
        if (generation !== this.generation) return;
        throw new Error(`fetch failed: ${res?.status ?? 'no answer'}`);
      }
      const body = (await res.json()) as { data: { messages: TChatMessage[]; pagination: { hasMore: boolean } } };
      for (const message of body.data.messages) this.merge(message);
      if (!body.data.pagination.hasMore) return;
    }
  }
}
