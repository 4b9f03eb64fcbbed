import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/contract/openapi-document';

const run = promisify(execFile);
const cliPackage = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
const REDOCLY = path.join(path.dirname(cliPackage), (JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: Record<string, string> }).bin.redocly!);
const CONFIG = path.resolve(import.meta.dirname, 'redocly.yaml');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string }[];
}

describe('the OpenAPI document, as a third-party linter reads it', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agentroom-openapi-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("passes `redocly lint` with Redocly's recommended rules: no error, no warning", async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(buildOpenApiDocument({ includeDevRoutes: true })));
    // Offline and quiet: no usage report, no check for a newer version.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const result = await run(process.execPath, [REDOCLY, 'lint', file, `--config=${CONFIG}`, '--format=json'], { env }).catch(
      (error: { stdout?: string; stderr?: string }) => error,
    );
    const report = JSON.parse(result.stdout ?? '') as LintReport;
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
