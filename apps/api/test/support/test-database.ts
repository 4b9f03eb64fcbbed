import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../src/db/client';
import { adminQuery } from './postgres-admin';

export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  /** For in-memory PGlite: the migrated template to load (see global-setup.ts). */
  pgliteDump?: Blob;
  drop(): Promise<void>;
}

let pgliteDump: Promise<Blob | undefined> | undefined;

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh database on the
 * Postgres server named by TEST_DATABASE_URL (dropped afterwards), so files run in parallel safely.
 * Both start as a copy of the template migrated once per run, so migrating costs nothing here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const templatePath = inject('pgliteTemplatePath');
    pgliteDump ??= templatePath ? readFile(templatePath).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
    return { dataDir: 'memory://', pgliteDump: await pgliteDump, drop: async () => {} };
  }
  const name = `agentroom_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await adminQuery(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * For an API process on a PGlite data dir (it cannot be handed a dump): writes the migrated template
 * there first, so the process opens a ready database instead of running initdb and the migrations.
 */
export async function writeTemplateToDataDir(database: TestDatabase, dataDir: string): Promise<void> {
  if (!database.pgliteDump) return;
  // The same folder the API's database client opens under DATA_DIR.
  const client = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: database.pgliteDump, extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await client.close();
}
