import { serveCommands } from '../support/child-worker';
import { startRelay } from './relay-core';

/** The HTTP send path's floor (POST `messages/async`): see relay-core.ts. */
serveCommands<{ cmd: 'listen'; port: number }>(async ({ port }) => {
  await startRelay(port, 'http');
  return { pid: process.pid };
});
