import { serveCommands } from '../support/child-worker';
import { startRelay } from './relay-core';

/** The socket send path's floor (`message:send` with an ack): see relay-core.ts. */
serveCommands<{ cmd: 'listen'; port: number }>(async ({ port }) => {
  await startRelay(port, 'socket');
  return { pid: process.pid };
});
