import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../../src/db/client';
import { adminQuery } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumpDataDir() tarball of a migrated PGlite cluster, on disk (PGlite runs). */
    pgliteTemplatePath?: string;
    /** A migrated database on the TEST_DATABASE_URL server to copy with `create database … template` (Postgres runs). */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one template database before any test file runs; each file then starts from a copy.
 * Creating a PGlite cluster (initdb in WASM) and migrating it costs seconds of CPU per file, loading
 * a dump a fraction of that; on Postgres a template copy skips the migrations.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? postgresTemplate(project, serverUrl) : pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(os.tmpdir(), `agentroom-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rm(file, { force: true });
}

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const name = `agentroom_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
}
