import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The API as a separate OS process (from source, through tsx), for what one process cannot show:
 * a node killed mid-work. Resolves once /api/v1/health answers.
 */
export async function spawnApiProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; kill(): Promise<void> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited: ${stderr}`);
    const ok = await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`API process did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
