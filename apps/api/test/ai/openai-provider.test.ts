import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../src/ai/openai-provider';
import { ProviderError, type StreamEvent } from '../../src/ai/provider';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm?.close();
});

const collect = async (iterable: AsyncIterable<StreamEvent>) => {
  const events: StreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
};

describe('OpenAI-compatible provider over real HTTP/SSE', () => {
  it('streams deltas in order and reports usage', async () => {
    const provider = createOpenAiProvider({ baseUrl: llm.baseUrl, model: 'fake-model' });
    llm.script({ chunks: ['One', ' two', ' three'] });
    const events = await collect(provider.stream([{ role: 'user', content: 'count' }], { signal: new AbortController().signal }));
    expect(events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text)).toEqual(['One', ' two', ' three']);
    expect(events.at(-1)).toMatchObject({ type: 'usage', usage: { promptTokens: 10 } });
    expect(llm.requests.at(-1)).toMatchObject({ model: 'fake-model', messages: [{ role: 'user', content: 'count' }] });
    expect(await provider.probe()).toBe(true);
  });

  it.each([
    [500, 'provider_error'],
    [429, 'rate_limited'],
  ] as const)('maps HTTP %i to %s', async (status, kind) => {
    const provider = createOpenAiProvider({ baseUrl: llm.baseUrl, model: 'fake-model' });
    llm.script({ status });
    const error = await collect(provider.stream([{ role: 'user', content: 'x' }], { signal: new AbortController().signal })).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe(kind);
  });

  it('maps a stalled stream to timeout and an abort to cancelled', async () => {
    const provider = createOpenAiProvider({ baseUrl: llm.baseUrl, model: 'fake-model', timeoutMs: 300 });
    llm.script({ chunks: ['a', 'b'], hangAfter: 1 });
    const stalled = await collect(provider.stream([{ role: 'user', content: 'x' }], { signal: new AbortController().signal })).catch((e) => e);
    expect(stalled).toBeInstanceOf(ProviderError);
    expect(stalled.kind).toBe('timeout');

    // The abort half waits on no clock: a stall this short could be a busy machine's first chunk.
    const patient = createOpenAiProvider({ baseUrl: llm.baseUrl, model: 'fake-model', timeoutMs: 60_000 });
    llm.script({ chunks: ['a', 'b'], hangAfter: 1 });
    const controller = new AbortController();
    const iterator = patient.stream([{ role: 'user', content: 'x' }], { signal: controller.signal })[Symbol.asyncIterator]();
    const first = await iterator.next();
    controller.abort();
    const error = await iterator.next().catch((e) => e);
    expect(first.done).toBe(false);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe('cancelled');
  });

  it('an unreachable server is unavailable and probes false', async () => {
    const provider = createOpenAiProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x' });
    const error = await collect(provider.stream([{ role: 'user', content: 'x' }], { signal: new AbortController().signal })).catch((e) => e);
    expect(error.kind).toBe('unavailable');
    expect(await provider.probe()).toBe(false);
  });
});
