import { BENCH_PASSWORD } from '../support/api-client';
import { spawnWorker } from '../support/child-worker';
import { cpuPercent, sampleProcess } from '../support/server-process';
import type { VariantContext } from '../support/variant';
import type { HttpLoadResult } from '../workers/http-load-worker';

export interface LoginResult extends HttpLoadResult {
  argon2: string;
  serverCpuPercent: number;
}

/** Password sign-ins (argon2id verify + session row + JWT) at the server's configured cost. */
export async function runLogin(ctx: VariantContext): Promise<LoginResult> {
  const user = ctx.users[0]!;
  const pid = ctx.serverPids()[0]!;
  const worker = spawnWorker('http-load-worker.ts');
  try {
    const before = sampleProcess(pid);
    const result = await worker.call<HttpLoadResult>({
      url: `${ctx.apiUrls[0]}/api/v1/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: user.username, password: BENCH_PASSWORD }),
      connections: ctx.settings.login.connections,
      seconds: ctx.settings.login.seconds,
    });
    const after = sampleProcess(pid);
    ctx.log(`login: ${result.perSecond}/s, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
    return { ...result, argon2: 'argon2id m=19456 KiB t=2 (server default)', serverCpuPercent: cpuPercent(before, after) };
  } finally {
    await worker.stop();
  }
}
