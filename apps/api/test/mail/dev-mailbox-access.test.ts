import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Request, Response } from 'express';
import { isLoopbackAddress, loopbackOnly } from '../../src/http/loopback-only';
import { startTestServer, uniqueUser, type TestServer } from '../support/test-server';

const NOT_FOUND = { success: false, code: 'NOT_FOUND' };

/** Registers someone so the outbox holds a mail with a sign-in link in it. */
async function mailSomeone(server: TestServer) {
  await server.api().post('/api/v1/auth/register').send(uniqueUser('mailbox')).expect(201);
  await server.mailWorker.drain();
}

describe('dev mailbox with SMTP_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('does not exist, even for this machine', async () => {
    await mailSomeone(server);
    expect((await server.api().get('/api/v1/dev/mailbox').expect(404)).body).toMatchObject(NOT_FOUND);
    expect((await server.api().get('/dev/mailbox').expect(404)).body).toMatchObject(NOT_FOUND);
  });
});

describe('dev mailbox without SMTP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SMTP_URL: '' });
    await mailSomeone(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a caller on this machine', async () => {
    const api = await server.api().get('/api/v1/dev/mailbox').expect(200);
    expect(api.body.data.messages[0].text).toContain('/auth/verify-email?token=');
    await server.api().get('/dev/mailbox').expect(200);
  });

  it('answers 404 to a request a proxy on this machine relays for someone else', async () => {
    const res = await server.api().get('/api/v1/dev/mailbox').set('X-Forwarded-For', '203.0.113.7').expect(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });
});

describe('dev mailbox for a caller on another machine', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SMTP_URL: '' });
    await mailSomeone(server);
    // Tests can only connect over loopback: every connection to this server reports a remote peer instead.
    server.httpServer.prependListener('connection', (socket: Socket) => {
      Object.defineProperty(socket, 'remoteAddress', { value: '203.0.113.7', configurable: true });
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 404 even when the caller claims to be 127.0.0.1 in X-Forwarded-For', async () => {
    for (const path of ['/api/v1/dev/mailbox', '/dev/mailbox']) {
      const res = await server.api().get(path).set('X-Forwarded-For', '127.0.0.1').set('X-Real-IP', '127.0.0.1').expect(404);
      expect(res.body).toMatchObject(NOT_FOUND);
      expect(res.text).not.toContain('token=');
    }
  });
});

describe('loopbackOnly', () => {
  const run = (remoteAddress: string, headers: Record<string, string> = {}) => {
    const next = vi.fn();
    const res = { status: vi.fn().mockReturnThis(), json: vi.fn().mockReturnThis() };
    const req = { socket: { remoteAddress }, headers, ip: headers['x-forwarded-for'] ?? remoteAddress } as unknown as Request;
    loopbackOnly(req, res as unknown as Response, next);
    return { next, res };
  };

  it('lets loopback peers through and answers others 404, whatever they forward', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(run(address).next).toHaveBeenCalledOnce();
    expect(run('127.0.0.1', { forwarded: 'for=198.51.100.4' }).next).not.toHaveBeenCalled();
    const remote = run('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' });
    expect(remote.next).not.toHaveBeenCalled();
    expect(remote.res.status).toHaveBeenCalledWith(404);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.255.0.1', '::1', '::ffff:127.0.0.2'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '::2', '', undefined, '127.0.0.1.evil'].some(isLoopbackAddress)).toBe(false);
  });
});
