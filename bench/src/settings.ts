/** Every count and duration of a run. Quick mode only checks that the harness still works (CI). */
export interface BenchSettings {
  mode: 'quick' | 'full';
  delivery: {
    pairs: number;
    /** Load-generator processes; each holds every pair's two sockets for the API and both relays. */
    workers: number;
    /** Interleaved rounds per way of sending: relay ramp, API ramp, relay, API, … */
    rounds: number;
    /** Length of every recorded step (no retries: a step's one try is its result). */
    stepSeconds: number;
    /**
     * Before round 1, an unrecorded scout ramp with short steps (0: none) from `startRate`, the rate
     * times `scoutFactor` each step, finds where to start; every later ramp starts at the previous
     * ceiling of the same target and grows by `roundFactor` per step (down by it when its first step fails).
     */
    scoutSeconds: number;
    scoutFactor: number;
    roundFactor: number;
    startRate: { relay: number; api: number };
    minRate: number;
    maxRate: number;
    /** A ramp runs at most this many steps (its ceiling then reads "not reached"). */
    maxSteps: number;
    /** A step passes when p99 stays within this bound and nothing is lost, doubled or refused. */
    p99BoundMs: number;
    /** Time allowed after the last send for stragglers before they count as lost. */
    drainMs: number;
    /** `socket` (`message:send` with an ack) and/or `http` (POST …/messages/async), in this order. */
    send: ('http' | 'socket')[];
    /** CPU per message at fixed offered rates (both ways of sending), per variant. */
    cpuRates: { pglite: number[]; postgres: number[] };
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
      // Two rounds of one step each per target and way of sending: the rounds' code runs, the figures are not judged.
      delivery: {
        pairs: 10,
        workers: 2,
        rounds: 2,
        stepSeconds: 2,
        scoutSeconds: 0,
        scoutFactor: 2,
        roundFactor: 2,
        startRate: { relay: 100, api: 100 },
        minRate: 25,
        maxRate: 100,
        maxSteps: 2,
        p99BoundMs: 50,
        drainMs: 5000,
        send: ['socket', 'http'],
        cpuRates: { pglite: [50], postgres: [50] },
      },
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
    // About 25 minutes for both variants: 6 scouts (the relays' serve both variants) of ≈ 6 steps × 4 s,
    // then per variant, way of sending and round a relay and an API ramp of ≈ 2–3 steps × 20 s (a round
    // starts at the last ceiling, so a steady one takes two), then 3 fixed-rate steps per variant (PGlite 2).
    // 4 load generators on 2 cores: no one generator's event loop saturates before the machine does.
    delivery: {
      pairs: 100,
      workers: 4,
      rounds: 3,
      stepSeconds: 20,
      scoutSeconds: 4,
      scoutFactor: 1.5,
      roundFactor: 1.15,
      startRate: { relay: 1000, api: 300 },
      minRate: 25,
      maxRate: 50_000,
      maxSteps: 5,
      p99BoundMs: 50,
      drainMs: 3000,
      send: ['socket', 'http'],
      cpuRates: { pglite: [500], postgres: [500, 2000] },
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
