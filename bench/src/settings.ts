/** Every count and duration of a run. Quick mode only checks that the harness still works (CI). */
export interface BenchSettings {
  mode: 'quick' | 'full';
  delivery: {
    pairs: number;
    /**
     * Offered rates tried in order (messages/s over all pairs); past the last one the rate grows by a
     * quarter per step up to `maxRate`. The ramp stops at the first failing step.
     */
    rates: number[];
    maxRate: number;
    /** A ramp that has run this long starts no further step (its figures so far still count). */
    maxRampSeconds: number;
    stepSeconds: number;
    /** A step passes when p99 stays within this bound and nothing is lost. */
    p99BoundMs: number;
    /** Time allowed after the last send for stragglers before they count as lost. */
    drainMs: number;
    workers: number;
    /**
     * How the API's senders send: `http` (POST …/messages/async) and/or `socket` (the socket's
     * `message:send` with an ack). With both, the API is ramped twice, HTTP first.
     */
    send: ('http' | 'socket')[];
  };
  connections: { target: number; workers: number; usersPerWorker: number; concurrencyPerWorker: number };
  history: { messages: number; pages: number; concurrency: number; rawQueries: number };
  login: { seconds: number; connections: number };
  /** A person in `conversations` conversations; `requests` pages of 100 timed one at a time. */
  inbox: { conversations: number; messagesEach: number; requests: number };
  /**
   * `messages` (per variant) over `conversations`, the searcher in one of ten; `requests` searches
   * timed one at a time, then again after `newer` (per variant) newer messages in the conversations
   * the searcher is not in (0: no second round).
   */
  search: { messages: { postgres: number; pglite: number }; newer: { postgres: number; pglite: number }; conversations: number; requests: number };
  /** One room, every member's socket in it; messages/s ramp (each message is `members` deliveries). */
  roomFanout: {
    members: number;
    senders: number;
    rates: number[];
    maxRate: number;
    maxRampSeconds: number;
    stepSeconds: number;
    p99BoundMs: number;
    drainMs: number;
    workers: number;
  };
  /** Concurrent checked reads, reads under a write load, and the tool-calling reply (scenarios/reads-*.ts, tool-overhead.ts). */
  reads: ReadsSettings;
  /** Three AI agents answer one @mention of all of them, streaming, before `viewers` sockets. */
  roomAi: { viewers: number; rounds: number; chunks: number; chunkDelayMs: number; timeoutMs: number; workers: number };
}

/**
 * `clients` people at once (in `workers` processes), each closed-loop, every answer checked; `rounds`
 * timed rounds of `perClient` requests each (the figures are medians over rounds). The inbox people
 * are in `inboxConversations[i]` conversations of `inboxMessagesEach` messages. `writeRate` msg/s go
 * through the API into other conversations during the busy rounds. `toolRounds` of each reply kind.
 */
interface ReadsSettings {
  clients: number;
  workers: number;
  rounds: number;
  perClient: number;
  inboxConversations: number[];
  inboxMessagesEach: number;
  writeRate: number;
  toolRounds: number;
  toolTimeoutMs: number;
}

export function settingsFor(mode: 'quick' | 'full'): BenchSettings {
  // Quick mode fails on any lost message (quick-check.ts), so its stragglers get 5 s, not 2: at its
  // low rates nothing is ever that late but a whole machine's stall under other people's load.
  if (mode === 'quick')
    return {
      mode,
      delivery: { pairs: 10, rates: [50, 100], maxRate: 100, maxRampSeconds: 30, stepSeconds: 2, p99BoundMs: 50, drainMs: 5000, workers: 2, send: ['http'] },
      connections: { target: 500, workers: 2, usersPerWorker: 5, concurrencyPerWorker: 50 },
      history: { messages: 20_000, pages: 300, concurrency: 4, rawQueries: 300 },
      login: { seconds: 3, connections: 4 },
      inbox: { conversations: 500, messagesEach: 10, requests: 50 },
      search: { messages: { postgres: 10_000, pglite: 10_000 }, newer: { postgres: 3_000, pglite: 3_000 }, conversations: 200, requests: 50 },
      roomFanout: { members: 20, senders: 4, rates: [10, 20], maxRate: 20, maxRampSeconds: 10, stepSeconds: 2, p99BoundMs: 100, drainMs: 5000, workers: 2 },
      roomAi: { viewers: 20, rounds: 1, chunks: 20, chunkDelayMs: 5, timeoutMs: 20_000, workers: 2 },
      reads: { clients: 8, workers: 2, rounds: 1, perClient: 15, inboxConversations: [5, 10, 20, 30, 60, 110, 150, 210], inboxMessagesEach: 3, writeRate: 20, toolRounds: 2, toolTimeoutMs: 20_000 },
    };
  return {
    mode,
    delivery: {
      pairs: 100,
      rates: [50, 100, 150, 250, 300, 400, 500, 600, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000],
      // Then 7,500, 9,500, 12,000, …: the relay's real ceiling, within 4 minutes of ramp.
      maxRate: 50_000,
      maxRampSeconds: 240,
      stepSeconds: 5,
      p99BoundMs: 50,
      drainMs: 3000,
      workers: 2,
      send: ['http'],
    },
    connections: { target: 20_000, workers: 4, usersPerWorker: 25, concurrencyPerWorker: 100 },
    history: { messages: 1_000_000, pages: 1000, concurrency: 4, rawQueries: 1000 },
    login: { seconds: 10, connections: 8 },
    inbox: { conversations: 500, messagesEach: 400, requests: 1000 },
    // 1,000,000 on Postgres (the target); PGlite's single process loads and indexes a fifth of that.
    // Then others' traffic: 300,000 newer messages (the full run's delivery ramps leave ≈ 200,000).
    search: { messages: { postgres: 1_000_000, pglite: 200_000 }, newer: { postgres: 300_000, pglite: 60_000 }, conversations: 1000, requests: 1000 },
    // 250 msg/s into a room of 200 is 50,000 deliveries/s (the bench raises its team's max_members for it).
    roomFanout: { members: 200, senders: 20, rates: [10, 20, 50, 100, 150, 200, 250, 300, 400], maxRate: 5000, maxRampSeconds: 120, stepSeconds: 5, p99BoundMs: 100, drainMs: 3000, workers: 2 },
    roomAi: { viewers: 50, rounds: 3, chunks: 200, chunkDelayMs: 5, timeoutMs: 60_000, workers: 2 },
    reads: { clients: 8, workers: 2, rounds: 3, perClient: 150, inboxConversations: [40, 90, 150, 200, 260, 340, 420, 500], inboxMessagesEach: 20, writeRate: 50, toolRounds: 10, toolTimeoutMs: 60_000 },
  };
}

/**
 * `--reduced`: full mode's clients, rounds, room and targets on smaller loads and fewer requests, to
 * show on a shared machine in minutes that the read, room and tool scenarios work (figures are noisy).
 */
export function reduceReadLoads(settings: BenchSettings): void {
  Object.assign(settings.history, { messages: 100_000, pages: 300, rawQueries: 300 });
  Object.assign(settings.inbox, { messagesEach: 40, requests: 300 });
  Object.assign(settings.search, { messages: { postgres: 100_000, pglite: 50_000 }, newer: { postgres: 20_000, pglite: 10_000 }, requests: 300 });
  Object.assign(settings.reads, { perClient: 50, toolRounds: 6 });
}
