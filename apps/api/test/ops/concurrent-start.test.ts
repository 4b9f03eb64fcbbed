import { pino } from 'pino';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DEMO_LOGIN } from '../../src/demo/demo-seed';
import { startServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from '../support/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;

// PGlite lives in one process; the race exists only where several nodes share a Postgres.
describe.skipIf(!serverUrl)('API nodes starting together on an empty Postgres', () => {
  const servers: RunningServer[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database?.drop();
  });

  it('all start, migrate once and seed the demo data once', async () => {
    database = await createTestDatabase();
    const config = () =>
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
        DATABASE_URL: database!.databaseUrl!,
        SEED_DEMO: 'true',
        ARGON2_MEMORY_KIB: '8192',
      });
    const started = await Promise.allSettled([1, 2, 3].map(() => startServer(config(), { logger: pino({ level: 'silent' }) })));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    expect(started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
    expect(servers.filter((server) => server.seeded)).toHaveLength(1);

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const demo = await client.query('select count(*)::int as n from agents where username = $1', [DEMO_LOGIN.username]);
      const teams = await client.query(`select count(*)::int as n from teams where handle = 'demo'`);
      expect([demo.rows[0].n, teams.rows[0].n]).toEqual([1, 1]);
      // Its rooms were made once too, though every node ran the #general backfill.
      const rooms = await client.query(`select c.name from conversations c join teams t on t.id = c.team_id where t.handle = 'demo' order by c.name`);
      expect(rooms.rows.map((r: { name: string }) => r.name)).toEqual(['general', 'launch-plan']);
    } finally {
      await client.end();
    }
    for (const server of servers) await fetch(`${server.url}/api/v1/health/ready`).then((res) => expect(res.status).toBe(200));
  });
});
