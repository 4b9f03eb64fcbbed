import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

const OUTPUTS = ['apps/api/dist/main.js', 'apps/web/dist/index.html'];
const SOURCES = ['apps/api/src', 'apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** Builds the API and the web app when a dist is missing or older than its sources. */
export function ensureBuilt(log: (line: string) => void): { rebuilt: boolean; note?: string } {
  const outputs = OUTPUTS.map((f) => newestMtime(path.join(REPO_ROOT, f)));
  const sources = Math.max(...SOURCES.map((f) => newestMtime(path.join(REPO_ROOT, f))));
  if (outputs.every((t) => t > 0 && t >= sources)) return { rebuilt: false };
  // Turbo restores cached outputs with their old mtimes, so this often ends in a cache hit (seconds).
  log('build: dist missing or older than the sources: turbo build of api and web');
  const result = spawnSync('pnpm', ['turbo', 'run', 'build', '--filter=@agentroom/api', '--filter=@agentroom/web', '--output-logs=errors-only'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status === 0) return { rebuilt: true };
  if (outputs.every((t) => t > 0)) {
    const note = 'build failed (a work in progress elsewhere?); measured the previous dist';
    log(`build: ${note}`);
    return { rebuilt: false, note };
  }
  throw new Error('build failed and there is no previous dist to measure');
}
