/**
 * An external agent in one file (docs/agents.md): it connects to Agentroom's Socket.IO with its API
 * token, and answers each `agent:request` by streaming a reply — start with the request's id, one
 * delta per word, finish. A request that ends (someone pressed Stop, or it lapsed) stops its stream;
 * a dropped connection is made again.
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, TAgentReplyAck, TAgentRequestEvent } from '@agentroom/shared';

type AgentSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ExampleAgentOptions {
  /** The server's origin, e.g. http://localhost:3000. */
  url: string;
  /** The agent's API token (`art_…`), from team settings → External agents. */
  token: string;
  /** The text to stream for a request; by default it echoes the message. */
  answer?: (request: TAgentRequestEvent) => string | Promise<string>;
  /** Pause between words, so people watch the reply being written. */
  wordDelayMs?: number;
  log?: (line: string) => void;
}

const echo = (request: TAgentRequestEvent) => `You said: ${request.message.content}`;
/** How long an ack may take before the call counts as lost (the socket was cut, say). */
const ACK_TIMEOUT_MS = 10_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The reply's words with the spaces after them, so the deltas add up to the text exactly. */
const wordsOf = (text: string) => text.match(/\s*\S+\s*/g) ?? [];

export interface ExampleAgent {
  /** Settles once the first connection is made (a script may wait on it before it sends anything). */
  connected: Promise<void>;
  /** Disconnects for good: streams in progress stop, no reconnection. */
  stop(): void;
}

export function startExampleAgent(options: ExampleAgentOptions): ExampleAgent {
  const { url, token, answer = echo, wordDelayMs = 80, log = (line: string) => console.log(line) } = options;
  // The socket transport straight away: long-polling would need sticky sessions behind several API nodes.
  const socket: AgentSocket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  /** Requests being answered; `ended` is set when the server says the request is over. */
  const answering = new Map<string, { ended: boolean }>();
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  /** One reply call, answered by its ack (rejects when no ack comes in time). */
  const call = <E extends 'agent:reply:start' | 'agent:reply:delta' | 'agent:reply:finish'>(event: E, payload: Parameters<ClientToServerEvents[E]>[0]) => {
    // socket.io-client's types cannot follow a generic event name through emitWithAck; the payload is typed above.
    const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(event: E, payload: unknown): Promise<TAgentReplyAck> };
    return timed.emitWithAck(event, payload);
  };

  async function reply(request: TAgentRequestEvent) {
    const state = { ended: false };
    answering.set(request.requestId, state);
    try {
      // Started first, so people see it typing while the answer is being worked out.
      const started = await call('agent:reply:start', { conversationId: request.conversationId, requestId: request.requestId });
      if (!started.ok) return log(`request ${request.requestId}: could not start (${started.code}: ${started.error})`);
      const text = await answer(request);
      for (const word of wordsOf(text)) {
        if (state.ended) return log(`request ${request.requestId}: ended, stream stopped`);
        const sent = await call('agent:reply:delta', { streamId: started.streamId, delta: word });
        // A stopped reply answers CONFLICT: nothing more to send.
        if (!sent.ok) return log(`request ${request.requestId}: ${sent.code}: ${sent.error}`);
        if (wordDelayMs > 0) await sleep(wordDelayMs);
      }
      if (state.ended) return log(`request ${request.requestId}: ended, stream stopped`);
      const finished = await call('agent:reply:finish', { streamId: started.streamId });
      log(finished.ok ? `request ${request.requestId}: answered` : `request ${request.requestId}: ${finished.code}: ${finished.error}`);
    } catch (error) {
      // A lost ack (the connection dropped mid-reply) gives this reply up; the request lapses on its own.
      log(`request ${request.requestId}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      answering.delete(request.requestId);
    }
  }

  /** Connects again later: after the server closed the socket, or refused the handshake (a bad or revoked token). */
  function retryLater() {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!stopped) socket.connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.on('connect', () => {
    retryMs = RETRY_FIRST_MS;
    log(`connected to ${url}`);
  });
  socket.on('disconnect', (reason) => {
    log(`disconnected (${reason})`);
    // The client reconnects by itself after a network failure, but not when the server closed the socket.
    if (reason === 'io server disconnect') retryLater();
  });
  socket.on('connect_error', (error) => {
    log(`cannot connect: ${error.message}`);
    if (!socket.active) retryLater();
  });
  socket.on('agent:request', (request) => {
    log(`request ${request.requestId} in ${request.conversationType} ${request.conversationId}`);
    void reply(request);
  });
  socket.on('agent:request:ended', ({ requestId, reason }) => {
    const state = answering.get(requestId);
    if (state) state.ended = true;
    log(`request ${requestId} ended: ${reason}`);
  });

  return {
    connected,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      for (const state of answering.values()) state.ended = true;
      socket.disconnect();
    },
  };
}
