import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh database on the
 * Postgres server named by TEST_DATABASE_URL (dropped afterwards), so files run in parallel safely.
 */
export async function createTestDatabase(): Promise<{ databaseUrl?: string; dataDir: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { dataDir: 'memory://', drop: async () => {} };
  const name = `agentroom_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
