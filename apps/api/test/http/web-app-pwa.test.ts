import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/** The installable app's fixed-name files (decision 0027) as the web build writes them. */
let webDir: string;
let server: TestServer;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'agentroom-web-'));
  mkdirSync(path.join(webDir, 'icons'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Agentroom</title>\n');
  writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("push", () => {});\n');
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Agentroom', start_url: '/' }));
  writeFileSync(path.join(webDir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  server = await startTestServer({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await server?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

describe('the service worker and the manifest', () => {
  it('sends the service worker as a script that browsers revalidate on every check', async () => {
    const res = await server.api().get('/sw.js').expect(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the manifest with its own type, revalidated too; icons as images', async () => {
    const res = await server.api().get('/manifest.webmanifest').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const icon = await server.api().get('/icons/icon-192.png').expect(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });
});
