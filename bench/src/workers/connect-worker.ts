import { io, type Socket } from 'socket.io-client';
import { serveCommands } from '../support/child-worker';

export type ConnectCommand =
  | { cmd: 'connect'; url: string; tokens: string[]; count: number; concurrency: number }
  | { cmd: 'close' };

export interface ConnectOutcome {
  connected: number;
  failed: number;
  firstError?: string;
  ms: number;
}

const sockets: Socket[] = [];

function open(url: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: 60_000 });
    sockets.push(socket);
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Opens idle authenticated sockets, `concurrency` handshakes at a time, and keeps them open. */
serveCommands<ConnectCommand>(async (command) => {
  if (command.cmd === 'close') {
    for (const socket of sockets) socket.disconnect();
    return { closed: sockets.length };
  }
  const started = performance.now();
  let next = 0;
  let connected = 0;
  let failed = 0;
  let firstError: string | undefined;
  const lane = async () => {
    while (next < command.count) {
      const i = next++;
      try {
        await open(command.url, command.tokens[i % command.tokens.length]!);
        connected += 1;
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, lane));
  const outcome: ConnectOutcome = { connected, failed, firstError, ms: Math.round(performance.now() - started) };
  return outcome;
});
