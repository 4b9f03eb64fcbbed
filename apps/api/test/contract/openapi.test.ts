import { Validator } from '@seriousme/openapi-schema-validator';
import express, { type Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, OPENAPI_PATH, SOCKET_EVENTS } from '@agentroom/shared';
import { API_ROUTES, toOpenApiPath } from '@agentroom/shared/contract';
import { withContractChecks } from '../support/contract-check';
import { startTestServer, type TestServer } from '../support/test-server';

interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route Express actually mounted below `prefix`, as 'METHOD /path' (walks nested routers). */
function mountedRoutes(stack: Layer[], prefix = ''): string[] {
  const join = (a: string, b: string) => `${a}/${b}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  return stack.flatMap((layer) => {
    if (layer.route)
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${join(prefix, layer.route!.path)}`);
    if (layer.handle?.stack && typeof layer.rawPath === 'string') return mountedRoutes(layer.handle.stack, join(prefix, layer.rawPath));
    return [];
  });
}

describe('the published contract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('serves a valid OpenAPI 3.1 document without authentication', async () => {
    const res = await server.api().get(OPENAPI_PATH).expect(200).expect('content-type', /application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(res.body);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents every route Express mounts under /api/v1, with its method', async () => {
    const app = server.app as Express & { router: { stack: Layer[] } };
    const mounted = mountedRoutes(app.router.stack).filter((route) => route.includes(' /api/v1/'));
    expect(mounted.length).toBeGreaterThan(30);
    const doc = (await server.api().get(OPENAPI_PATH).expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} /api/v1${path}`));
    const missing = mounted.map((route) => route.replace(/:([A-Za-z_]\w*)/g, '{$1}')).filter((route) => !documented.includes(route));
    expect(missing).toEqual([]);
    // And nothing documented that is not mounted (a stale row would mislead a client).
    // The development mailbox is mounted only without SMTP_URL (this server has one).
    const mountedSet = new Set([...mounted, 'GET /api/v1/dev/mailbox']);
    expect(API_ROUTES.filter((r) => !mountedSet.has(`${r.method.toUpperCase()} /api/v1${r.path}`)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('documents every Socket.IO event, client events with their ack, each payload a schema whose references resolve', async () => {
    const doc = (await server.api().get(OPENAPI_PATH).expect(200)).body;
    const sockets = doc['x-socket-events'] as Record<'clientToServer' | 'serverToClient', Record<string, { payload: object; ack?: object }>>;
    const documented = new Set([...Object.keys(sockets.clientToServer), ...Object.keys(sockets.serverToClient)]);
    expect(Object.values(SOCKET_EVENTS).filter((event) => !documented.has(event))).toEqual([]);
    for (const event of Object.values(sockets.clientToServer)) expect(event.ack).toBeDefined();
    const refs = [...JSON.stringify(sockets).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((name) => !doc.components.schemas[name])).toEqual([]);
    for (const event of [...Object.values(sockets.clientToServer), ...Object.values(sockets.serverToClient)])
      expect(Object.keys(event.payload).length, JSON.stringify(event)).toBeGreaterThan(0);
  });

  it('renders a reference page that runs no script and loads nothing from elsewhere', async () => {
    const res = await server.api().get(API_DOCS_PATH).expect(200).expect('content-type', /text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.text).not.toMatch(/<script|<link|<img|<iframe|\son\w+=/i);
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//i);
    for (const route of API_ROUTES) expect(res.text).toContain(toOpenApiPath(route.path));
    for (const event of Object.values(SOCKET_EVENTS)) expect(res.text).toContain(event);
  });
});

describe('the response check every API test runs', () => {
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    // A stand-in server that breaks the contract in chosen ways.
    const app = express();
    app.get('/api/v1/health', (req, res) => {
      if (req.query.mode === 'extra') res.json({ success: true, data: { status: 'ok', database: 'pglite', secret: 'x' } });
      else if (req.query.mode === 'status') res.status(201).json({ success: true, data: { status: 'ok', database: 'pglite' } });
      else res.json({ success: true, data: { status: 'ok', database: 'pglite' } });
    });
    app.get('/api/v1/teams', (_req, res) => res.status(403).json({ message: 'nope' }));
    app.get('/api/v1/not-in-the-table', (_req, res) => res.json({ success: true, data: {} }));
    await new Promise<void>((resolve) => {
      const listener = app.listen(0, '127.0.0.1', () => {
        url = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
        resolve();
      });
      close = () => listener.close();
    });
  });
  afterAll(() => close());

  it('passes a response that matches, and keeps the test’s own expectations', async () => {
    await withContractChecks(request(url)).get('/api/v1/health').expect(200);
    await expect(withContractChecks(request(url)).get('/api/v1/health').expect(204)).rejects.toThrow(/204/);
  });

  it('fails a test on an extra field, an undeclared status, a bare error or an unknown route', async () => {
    const api = () => withContractChecks(request(url));
    await expect(api().get('/api/v1/health?mode=extra')).rejects.toThrow(/does not match its response schema[\s\S]*secret/);
    await expect(api().get('/api/v1/health?mode=status')).rejects.toThrow(/not a success status/);
    await expect(api().get('/api/v1/teams')).rejects.toThrow(/not the error envelope/);
    await expect(api().get('/api/v1/not-in-the-table')).rejects.toThrow(/missing from API_ROUTES/);
  });
});
