import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startTestServer, type TestServer } from '../support/test-server';

const TOKEN = 'scrape-token-0123456789abcdef';

/** Two servers in one process also shows each keeps its own metrics registry (a shared one would refuse the second). */
describe('/metrics in production', () => {
  let locked: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    [locked, off] = await Promise.all([
      startTestServer({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN }),
      startTestServer({ NODE_ENV: 'production' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([locked?.stop(), off?.stop()]);
  });

  it('with METRICS_TOKEN set, answers only a request carrying that bearer token', async () => {
    const missing = await locked.api().get('/metrics').expect(401);
    expect(missing.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(missing.text).not.toContain('agentroom_');
    await locked.api().get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await locked.api().get('/metrics').set('Authorization', TOKEN).expect(401);
    const ok = await locked.api().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(ok.text).toContain('agentroom_http_request_duration_seconds');
  });

  it('without a token it is off: 404 in the envelope, nothing exposed', async () => {
    const res = await off.api().get('/metrics').expect(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(res.text).not.toContain('agentroom_');
    await off.api().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('a token shorter than 16 characters is refused at start-up', async () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
