import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client';
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
  const file = await cachedPgliteTemplate();
  project.provide('pgliteTemplatePath', file);
}

/**
 * The template is kept between runs under the system temp folder, named after what it is made of
 * (the migrations and the PGlite build), so a run of one test file does not pay for it either.
 */
async function cachedPgliteTemplate(): Promise<string> {
  const folder = migrationsFolder();
  // The resolved path names the installed PGlite version (pnpm keeps it in the path).
  const hash = createHash('sha256').update(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (const name of (await readdir(folder, { recursive: true })).sort()) {
    const file = path.join(folder, name);
    if ((await stat(file)).isFile()) hash.update(name).update(await readFile(file));
  }
  const dir = path.join(os.tmpdir(), 'agentroom-test-templates');
  const file = path.join(dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;

  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder: folder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so a run starting at the same moment never reads half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
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
