import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BENCH_ROOT } from './paths';

type Reply = { type: 'reply'; data: unknown } | { type: 'error'; message: string };

export interface WorkerHandle {
  pid: number;
  /** Sends one command and resolves with the worker's reply to it (commands are answered in order). */
  call<T>(command: unknown): Promise<T>;
  stop(): Promise<void>;
}

const TSX = import.meta.resolve('tsx');

/**
 * Load generators run as separate node processes (so their CPU is not the server's nor the
 * orchestrator's), with the fd limit raised to the hard limit for thousands of sockets.
 */
export function spawnWorker(script: string): WorkerHandle {
  const file = path.join(BENCH_ROOT, 'src/workers', script);
  const child: ChildProcess = spawn('bash', ['-c', `ulimit -n $(ulimit -Hn) && exec node --import "${TSX}" "${file}"`], {
    cwd: BENCH_ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, UV_THREADPOOL_SIZE: '4' },
  });
  const pending: { resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  let exitError: Error | undefined;
  child.on('message', (message: Reply) => {
    const waiter = pending.shift();
    if (!waiter) return;
    if (message.type === 'reply') waiter.resolve(message.data);
    else waiter.reject(new Error(`${script}: ${message.message}`));
  });
  child.once('exit', (code, signal) => {
    exitError = new Error(`${script} exited (${code ?? signal})`);
    for (const waiter of pending.splice(0)) waiter.reject(exitError);
  });
  return {
    pid: child.pid!,
    call<T>(command: unknown) {
      if (exitError) return Promise.reject(exitError);
      return new Promise<T>((resolve, reject) => {
        pending.push({ resolve: resolve as (v: unknown) => void, reject });
        child.send(command as object);
      });
    },
    async stop() {
      if (exitError) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Worker side: answer each command from the parent with the handler's result, one at a time. */
export function serveCommands<C>(handler: (command: C) => Promise<unknown>) {
  let queue = Promise.resolve();
  process.on('message', (command: C) => {
    queue = queue.then(async () => {
      try {
        process.send!({ type: 'reply', data: (await handler(command)) ?? null });
      } catch (error) {
        process.send!({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    });
  });
  // The parent going away ends the worker: nothing is left behind.
  process.on('disconnect', () => process.exit(0));
}
