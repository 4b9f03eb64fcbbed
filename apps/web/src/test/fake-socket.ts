import type { AppSocket } from '../realtime/socket-client';

/** A connected socket that acknowledges every join and lets a test play the server's events. */
export class FakeSocket {
  connected = true;
  active = true;
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, _payload: unknown, ack?: (result: { ok: true }) => void) {
    if (event === 'room:join') ack?.({ ok: true });
    return this;
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
