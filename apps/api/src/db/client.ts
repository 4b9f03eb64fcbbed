import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
/** The one handle services see: the same drizzle API over PGlite or a Postgres pool. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs `work` while holding the cluster-wide start-up lock (Postgres); PGlite has one process. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Postgres only: runs a hot statement as a named prepared statement (each pooled connection
   * parses and plans it once, not per call). The text must be the same on every call of a name.
   */
  queryPrepared?: (name: string, query: { sql: string; params: unknown[] }) => Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * A read written as SQL text, its rows as the driver parses them (no drizzle mapping): on Postgres a
   * named prepared statement (the text must be the same on every call of a name), on PGlite a query.
   */
  queryRows: (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  /**
   * The same, planned for its parameters on every call (never a named prepared statement, whose
   * cached generic plan would not know them): for a read whose best plan depends on the values, such
   * as search's on how common the words are.
   */
  queryRowsUnprepared: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
}

/**
 * The extensions every PGlite opening of the database loads (the migrations create them, and the
 * indexes that use them need their code on every write): btree_gin for search's conversation + words
 * GIN index. Anything that opens the API's PGlite data (tests, the bench) passes these.
 */
export const PGLITE_EXTENSIONS = { btree_gin };

/** Migrations sit at the repository root; found from src/db or dist/, or set by MIGRATIONS_DIR. */
export function migrationsFolder(): string {
  if (process.env.MIGRATIONS_DIR) return path.resolve(process.env.MIGRATIONS_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../../migrations'), path.resolve(here, '../../../migrations')];
  return candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json'))) ?? candidates[0]!;
}

/** Any fixed number; every Agentroom node asks for the same one. */
const STARTUP_LOCK_KEY = 7_031_845_113_402_117n;

/**
 * Session-level advisory lock on a connection of its own (not from the pool, which `work` may
 * need in full). Concurrent migrations otherwise race on CREATE TYPE/TABLE and crash. A node that
 * dies while holding it loses its session, and with it the lock.
 */
async function withAdvisoryLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `databaseUrl` set → node-postgres pool; otherwise PGlite on disk under `dataDir`
 * (or in memory when `dataDir` is `memory://`, which the tests use).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** In-memory PGlite only: start from this dumpDataDir() tarball, not an empty cluster (tests clone a migrated template). */
  pgliteDump?: Blob;
}): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder }),
      withStartupLock: (work) => withAdvisoryLock(options.databaseUrl!, work),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      queryPrepared: (name, query) => pool.query({ name, text: query.sql, values: query.params }),
      queryRows: async (name, text, params) => (await pool.query({ name, text, values: params })).rows as Record<string, unknown>[],
      queryRowsUnprepared: async (text, params) => (await pool.query({ text, values: params })).rows as Record<string, unknown>[],
    };
  }
  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory
    ? new PGlite({ loadDataDir: options.pgliteDump, extensions: PGLITE_EXTENSIONS })
    : new PGlite(path.join(options.dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
    withStartupLock: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    queryRows: async (_name, text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    queryRowsUnprepared: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
  };
}
