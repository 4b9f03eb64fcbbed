import type { AppContext, ReplyRunner } from '../../context';
import { startPollLoop } from '../../core/poll-loop';
import type { ReplyJobRow } from '../../db/rows';
import type { Metrics } from '../../observability/metrics';
import type { ModelRegistry } from '../model-registry';
import { toolBox } from '../tools/tool-box';
import type { ToolBox } from '../tools/tool-types';
import { claimReplyJobs } from '../reply-jobs-repo';
import type { LiveReply, RunnerEnv } from './reply-turn';
import { runReply } from './run-reply';

const POLL_MS = 2_000;

/** The node's reply runner: the domain's port, and what the composition root and tests drive. */
export interface ReplyWorker extends ReplyRunner {
  /** Runs a claim pass now and resolves when it is over (jobs it started may still be running). */
  claimNow(): Promise<void>;
  /** Claims nothing more and hands every reply under way back to the queue; resolves once they are. */
  stop(): Promise<void>;
}

/**
 * Leases due reply jobs (up to `concurrency` at once on this node) and writes each one (run-reply),
 * woken by a kick after a commit that queued one, or by its poll for jobs other nodes queued or
 * leases that ran out.
 */
export function startReplyWorker(ctx: AppContext, models: ModelRegistry, options: { concurrency?: number; metrics?: Pick<Metrics, 'modelErrors'>; tools?: ToolBox } = {}): ReplyWorker {
  const concurrency = options.concurrency ?? 4;
  const running = new Map<string, { live: LiveReply; done: Promise<void> }>();
  let stopped = false;
  const env: RunnerEnv = { ctx, models, metrics: options.metrics, tools: options.tools ?? toolBox, stopping: () => stopped };

  function start(job: ReplyJobRow) {
    const entry = { live: { controller: new AbortController(), text: '', attempt: job.attempts }, done: Promise.resolve() };
    running.set(job.id, entry);
    entry.done = runReply(env, job, entry.live)
      .catch((error: unknown) => ctx.logger.error({ err: error, jobId: job.id }, 'reply job crashed'))
      .finally(() => {
        running.delete(job.id);
        loop.kick();
      });
  }

  // One pass claims what free slots allow; a full claim may have left more due.
  const loop = startPollLoop({
    pollMs: POLL_MS,
    pass: async () => {
      const free = concurrency - running.size;
      if (free <= 0) return false;
      const jobs = await claimReplyJobs(ctx.db, free, ctx.config.ai.maxConcurrentPerAgent, ctx.config.ai.leaseMs);
      jobs.forEach(start);
      return jobs.length === free;
    },
    onError: (error) => ctx.logger.error({ err: error }, 'reply worker claim failed'),
  });

  return {
    kick: loop.kick,
    async claimNow() {
      loop.kick();
      await loop.idle();
    },
    abortLocal(jobId) {
      const entry = running.get(jobId);
      entry?.live.controller.abort();
      return Boolean(entry);
    },
    liveText(jobId) {
      const live = running.get(jobId)?.live;
      return live && { text: live.text, attempt: live.attempt };
    },
    async stop() {
      stopped = true;
      await loop.stop();
      for (const { live } of running.values()) live.controller.abort();
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}
