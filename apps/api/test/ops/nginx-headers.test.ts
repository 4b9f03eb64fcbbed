import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const nginxConf = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx.conf'), 'utf8');
// What every response carries whoever serves it; the rest of the API's headers are its security headers.
// Per-response headers, not security policy: nginx's static files have their own.
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'etag', 'date', 'connection', 'keep-alive', 'x-request-id']);

/** The location blocks of deploy/nginx.conf that serve files rather than proxy to the API. */
function fileLocations(conf: string): { name: string; body: string }[] {
  return [...conf.matchAll(/location\s+([^{\s]+)\s*\{([^}]*)\}/g)]
    .map((match) => ({ name: match[1]!, body: match[2]! }))
    .filter((location) => !location.body.includes('proxy_pass'));
}

function addedHeaders(body: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const match of body.matchAll(/add_header\s+(\S+)\s+"([^"]*)"\s+always;/g)) headers[match[1]!.toLowerCase()] = match[2]!;
  return headers;
}

describe('nginx in front of the SPA', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends exactly the security headers the API sends, in every location that serves files', async () => {
    const res = await server.api().get('/api/v1/health/live').expect(200);
    const apiHeaders = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
    expect(apiHeaders['content-security-policy']).toContain("script-src 'self'");
    const locations = fileLocations(nginxConf);
    expect(locations.map((location) => location.name)).toContain('/');
    for (const location of locations) expect({ location: location.name, headers: addedHeaders(location.body) }).toEqual({ location: location.name, headers: apiHeaders });
  });
});
