import { startConversation } from '../support/api-client';
import { spawnWorker } from '../support/child-worker';
import type { VariantContext } from '../support/variant';
import type { WriteLoadOutcome, WriteSender } from '../workers/write-load-worker';
import { backgroundSenders } from './reads-people';

const conversations = new WeakMap<VariantContext['users'], WriteSender[]>();

/** Two conversations of the background senders (made once per variant), each sending on the node their turn falls on. */
async function senders(ctx: VariantContext): Promise<WriteSender[]> {
  const known = conversations.get(ctx.users);
  if (known) return known;
  const [a, b, c, d] = backgroundSenders(ctx) as [VariantContext['users'][number], VariantContext['users'][number], VariantContext['users'][number], VariantContext['users'][number]];
  const first = await startConversation(ctx.apiUrls[0]!, a, b);
  const second = await startConversation(ctx.apiUrls[0]!, c, d);
  const list = [
    { user: a, conversationId: first },
    { user: b, conversationId: first },
    { user: c, conversationId: second },
    { user: d, conversationId: second },
  ].map(({ user, conversationId }, i) => ({ origin: ctx.apiUrls[i % ctx.apiUrls.length]!, token: user.token, conversationId }));
  conversations.set(ctx.users, list);
  return list;
}

/**
 * Runs `work` while background senders post `rate` msg/s through the API (open loop, in a process of
 * their own) into conversations no timed reader reads: a busy server's writes beside the reads.
 */
export async function underWriteLoad<T>(ctx: VariantContext, rate: number, work: () => Promise<T>): Promise<{ result: T; writes: WriteLoadOutcome }> {
  const list = await senders(ctx);
  const worker = spawnWorker('write-load-worker.ts');
  try {
    await worker.call({ cmd: 'start', senders: list, rate });
    // Let the load settle in before timing.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const result = await work();
    const writes = await worker.call<WriteLoadOutcome>({ cmd: 'stop' });
    ctx.log(`write load: ${writes.sent} sent at ${writes.achievedRate}/s, ${writes.errors} errors, POST p99 ${writes.latency.p99} ms`);
    return { result, writes };
  } finally {
    await worker.stop();
  }
}
