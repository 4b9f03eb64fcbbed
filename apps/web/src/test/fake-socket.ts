import type { TSendMessageAck, TSocketSendPayload } from '@agentroom/shared';
import type { AppSocket } from '../realtime/socket-client';

/** A `message:send` the page emitted, waiting for the test to play the server's (or the client library's) answer. */
export interface FakeSend {
  payload: TSocketSendPayload;
  /** The server's ack. */
  ack: (result: TSendMessageAck) => void;
  /** The client library gives up: no ack in time ('operation has timed out') or the socket dropped. */
  timeOut: () => void;
}

/**
 * A connected socket that acknowledges every join and lets a test play the server's events.
 * `message:send`s wait in `sends` for the test to answer them, unless `answerSend` answers at once.
 */
export class FakeSocket {
  connected = true;
  active = true;
  readonly sends: FakeSend[] = [];
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  constructor(private readonly answerSend?: (payload: TSocketSendPayload) => TSendMessageAck) {}
  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  /** How many listeners wait for `event`. */
  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
  emit(event: string, _payload: unknown, ack?: (result: { ok: true }) => void) {
    if (event === 'room:join') ack?.({ ok: true });
    return this;
  }
  /** socket.io-client's `socket.timeout(ms).emitWithAck(...)`: the test decides whether the ack comes or the wait runs out. */
  timeout(_ms: number) {
    return {
      emitWithAck: (event: string, payload: TSocketSendPayload) =>
        new Promise<TSendMessageAck>((resolve, reject) => {
          if (event !== 'message:send') return reject(new Error(`FakeSocket: no ack for ${event}`));
          this.sends.push({ payload, ack: resolve, timeOut: () => reject(new Error('operation has timed out')) });
          if (this.answerSend) resolve(this.answerSend(payload));
        }),
    };
  }
  /** The server sends `event` (or the client library reports it, e.g. 'connect' after a reconnect). */
  serverSends(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
  connect() {}
  disconnect() {}
  get asAppSocket() {
    return this as unknown as AppSocket;
  }
}
