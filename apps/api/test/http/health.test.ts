import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { startTestServer, type TestServer } from '../support/test-server';

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A Redis of this test's own, so it can be taken away without touching the shared one. */
async function spawnRedis(port: number): Promise<{ url: string; kill(): Promise<void> }> {
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  await until(() => probe.connect().then(() => probe.ping().then(() => true), () => false), 'redis-server to answer');
  probe.disconnect();
  return {
    url,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('health without Redis', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is live, ready, and keeps /health as it was', async () => {
    expect((await server.api().get('/api/v1/health/live').expect(200)).body).toEqual({ success: true, data: { status: 'ok' } });
    expect((await server.api().get('/api/v1/health/ready').expect(200)).body.data).toEqual({
      status: 'ok',
      checks: { database: 'up', redis: 'not_configured', storage: 'up' },
    });
    expect((await server.api().get('/api/v1/health').expect(200)).body.data).toEqual({ status: 'ok', database: server.ctx.database.kind });
  });
});

describe('health when Redis goes away', () => {
  let server: TestServer;
  let redisPort: number;
  let redis: Awaited<ReturnType<typeof spawnRedis>>;
  beforeAll(async () => {
    redisPort = await freePort();
    redis = await spawnRedis(redisPort);
    server = await startTestServer({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.kill();
  });

  it('is ready while Redis answers, not ready (503, redis down) but still live without it, ready again once it is back', async () => {
    expect((await server.api().get('/api/v1/health/ready').expect(200)).body.data.checks).toEqual({ database: 'up', redis: 'up', storage: 'up' });
    await redis.kill();
    await until(async () => (await server.api().get('/api/v1/health/ready')).status === 503, 'ready to report 503');
    const ready = await server.api().get('/api/v1/health/ready').expect(503);
    expect(ready.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', details: { database: 'up', redis: 'down' } });
    await server.api().get('/api/v1/health/live').expect(200);
    // Same port again: the server's clients reconnect by themselves (and the server can then close cleanly).
    redis = await spawnRedis(redisPort);
    await until(async () => (await server.api().get('/api/v1/health/ready')).status === 200, 'ready to report 200 again');
  });
});
