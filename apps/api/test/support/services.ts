import { connect } from 'node:net';
import pg from 'pg';

/** Where `pnpm test` looks for the services of the two-node, Redis and Postgres tests (the README's set-up). */
export const USUAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const USUAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** Undefined when a Postgres server answers `select 1` at `url`; otherwise why not. */
export async function postgresProblem(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Undefined when a PING on a fresh connection to `url` gets PONG; otherwise why not. */
export function redisProblem(url: string): Promise<string | undefined> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname);
    const done = (problem: string | undefined) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(2000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') ? undefined : `answered ${JSON.stringify(data.toString().trim())}`));
    socket.once('error', (error) => done(error.message));
    socket.once('timeout', () => done('no answer within 2 s'));
  });
}
