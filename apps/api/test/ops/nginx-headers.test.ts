import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_APP_PATHS } from '@agentroom/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const dockerfile = readFileSync(path.resolve(deployDir, '../Dockerfile'), 'utf8');
/** Where the Dockerfile puts each file of deploy/ in the nginx image. */
const imagePaths = new Map([...dockerfile.matchAll(/^COPY (deploy\/\S+) (\/etc\/nginx\/\S+)$/gm)].map((m) => [m[2]!, path.resolve(deployDir, '..', m[1]!)]));
/** deploy/nginx.conf with its `include`s of files from deploy/ written out, as nginx reads it in the image. */
const nginxConf = readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8').replace(/^\s*include (\S+);$/gm, (line, target: string) => {
  const file = imagePaths.get(target);
  if (!file) throw new Error(`nginx.conf includes ${target}, which the Dockerfile does not copy from deploy/`);
  return readFileSync(file, 'utf8');
});
// What every response carries whoever serves it; the rest of the API's headers are its security headers.
// Per-response headers, not security policy: nginx's static files have their own (Cache-Control per location, Vary from gzip_vary).
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'etag', 'date', 'connection', 'keep-alive', 'x-request-id', 'cache-control', 'vary']);

interface Location {
  modifier: string;
  name: string;
  body: string;
}

/** The location blocks of deploy/nginx.conf (`location [=|^~|~|~*] path { … }`, no nested blocks). */
function locations(conf: string): Location[] {
  return [...conf.matchAll(/location\s+(?:(=|\^~|~\*?)\s+)?("[^"]*"|[^{\s]+)\s*\{([^}]*)\}/g)].map((match) => ({
    modifier: match[1] ?? '',
    name: match[2]!.replace(/^"|"$/g, ''),
    body: match[3]!,
  }));
}
const fileLocations = (conf: string) => locations(conf).filter((location) => !location.body.includes('proxy_pass'));

function addedHeaders(body: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const match of body.matchAll(/add_header\s+(\S+)\s+"([^"]*)"\s+always;/g)) headers[match[1]!.toLowerCase()] = match[2]!;
  delete headers['cache-control'];
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
    const files = fileLocations(nginxConf);
    expect(files.map((location) => location.name)).toEqual(expect.arrayContaining(['/', '/assets/', '/index.html']));
    for (const location of files) expect({ location: location.name, headers: addedHeaders(location.body) }).toEqual({ location: location.name, headers: apiHeaders });
  });
});

describe('nginx answers like the API (apps/api/src/http/web-app.ts)', () => {
  const all = locations(nginxConf);
  const byName = (name: string) => all.find((location) => location.name === name)!;
  const pages = all.find((location) => location.body.includes('try_files /index.html'))!;
  const pagePattern = new RegExp(pages.name, pages.modifier === '~*' ? 'i' : '');

  it('the proxied paths are prefix locations that no regular expression can take', () => {
    for (const name of ['/api/', '/socket.io/']) expect({ name, modifier: byName(name).modifier }).toEqual({ name, modifier: '^~' });
  });

  it("its pattern for the app's pages matches every path of WEB_APP_PATHS and nothing else", () => {
    for (const page of WEB_APP_PATHS) {
      const sample = page.replace(/:[a-z]+/g, 'x1');
      expect({ sample, matches: pagePattern.test(sample) && pagePattern.test(`${sample.replace(/\/$/, '')}/`) }).toEqual({ sample, matches: true });
    }
    for (const other of ['/foo.php', '/wp-admin/', '/auth/nope', '/t/x/y', '/t/x/p/y/z', '/assets/x.js', '/p/', '/invitex'])
      expect({ other, matches: pagePattern.test(other) }).toEqual({ other, matches: false });
  });

  it('hashed assets are cached for a year only when found, gzip_static on; index.html and pages are never cached', () => {
    const assets = byName('/assets/');
    expect(assets.modifier).toBe('^~');
    expect(assets.body).toMatch(/try_files \$uri =404;/);
    expect(assets.body).toMatch(/gzip_static on;/);
    const cacheVar = /add_header Cache-Control \$(\w+) always;/.exec(assets.body)?.[1];
    expect(new RegExp(`map \\$status \\$${cacheVar} \\{\\s*~\\^\\(200\\|206\\|304\\)\\$ "public, max-age=31536000, immutable";\\s*default "no-cache";`).test(nginxConf)).toBe(true);
    for (const location of [byName('/index.html'), pages, byName('/')]) expect(location.body).toMatch(/add_header Cache-Control "no-cache" always;/);
    expect(byName('/').body).toMatch(/error_page 404 \/index\.html;\s*return 404;/);
  });

  it('compresses text (gzip on, with Vary) but never the Socket.IO traffic', () => {
    expect(nginxConf).toMatch(/^\s*gzip on;$/m);
    expect(nginxConf).toMatch(/^\s*gzip_vary on;$/m);
    expect(nginxConf).toMatch(/^\s*gzip_types [^;]*application\/javascript[^;]*;$/m);
    expect(byName('/socket.io/').body).toMatch(/gzip off;/);
  });
});
