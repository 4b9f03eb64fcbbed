import { expect } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { TDataExport } from '@agentroom/shared';
import type { TestServer } from '../support/test-server';
import { bearer, type TestUser } from '../teams/team-helpers';

/** supertest buffers text/* only; a ZIP is collected as bytes (an error stays its JSON envelope). */
const binary = <T extends { buffer(v: boolean): T; parse(fn: unknown): T }>(req: T) =>
  req.buffer(true).parse((res: NodeJS.ReadableStream & { headers: Record<string, string | undefined> }, done: (e: Error | null, body: unknown) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => {
      const body = Buffer.concat(chunks);
      done(null, res.headers['content-type']?.startsWith('application/json') ? JSON.parse(body.toString('utf8')) : body);
    });
  });

export async function requestExport(server: TestServer, user: TestUser, handle?: string): Promise<TDataExport> {
  const path = handle ? `/api/v1/teams/${handle}/exports` : '/api/v1/users/me/exports';
  const res = await server.api().post(path).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.export as TDataExport;
}

export async function createLink(server: TestServer, user: TestUser, exportId: string): Promise<string> {
  const res = await server.api().post(`/api/v1/exports/${exportId}/link`).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.url as string;
}

/** GET of a link's url (a path below the server), the raw response with its bytes. */
export const download = (server: TestServer, url: string) => binary(server.api().get(url));

/** The ZIP's entries: name → bytes. */
export function unzip(bytes: Buffer): Map<string, Uint8Array> {
  return new Map(Object.entries(unzipSync(new Uint8Array(bytes))));
}

export function jsonEntry<T = unknown>(entries: Map<string, Uint8Array>, name: string): T {
  const entry = entries.get(name);
  expect(entry, `${name} in ${[...entries.keys()].join(', ')}`).toBeDefined();
  return JSON.parse(strFromU8(entry!)) as T;
}

/** Every entry as text, to look for what must not be anywhere. */
export const allText = (entries: Map<string, Uint8Array>) => [...entries.entries()].map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`).join('\n');
