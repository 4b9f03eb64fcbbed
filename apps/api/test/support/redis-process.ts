import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port';
import { redisProblem } from './services';

/** True once a PING on a fresh connection gets PONG. */
const pings = async (port: number) => (await redisProblem(`redis://127.0.0.1:${port}`)) === undefined;

/**
 * A redis-server of the test's own, on a free port, that the test may stop and start again (the
 * shared Redis is never touched). Nothing is persisted, so a restart comes back empty, like a
 * replaced Redis in production.
 */
export async function startOwnRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;

  /** Does nothing while it runs. */
  const start = async () => {
    if (child && child.exitCode === null) return;
    const spawned = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child = spawned;
    const deadline = Date.now() + 10_000;
    while (!(await pings(port))) {
      if (spawned.exitCode !== null) throw new Error(`redis-server exited with ${spawned.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Killed outright, as a crash would. */
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
