import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { ModelProvider } from './provider';
import { resolveProvider } from './resolve-provider';

const PROBE_TTL_MS = 30_000;

/**
 * The provider AI agents use, and whether it answers right now (an AI agent's presence).
 * Without a configured provider it looks again now and then, so starting Ollama later just works.
 */
export interface ModelRegistry {
  provider(): Promise<ModelProvider | undefined>;
  isAvailable(): Promise<boolean>;
}

export function createModelRegistry(config: AppConfig, logger: Logger, fixed?: ModelProvider): ModelRegistry {
  let current: Promise<ModelProvider | undefined> | undefined;
  let resolvedAt = 0;
  let probe: { at: number; ok: Promise<boolean> } | undefined;

  async function provider() {
    if (fixed) return fixed;
    const stale = Date.now() - resolvedAt > PROBE_TTL_MS;
    if (!current || (stale && !(await current))) {
      resolvedAt = Date.now();
      current = resolveProvider(config, logger);
    }
    return current;
  }

  return {
    provider,
    async isAvailable() {
      if (!probe || Date.now() - probe.at > PROBE_TTL_MS) {
        probe = { at: Date.now(), ok: provider().then((p) => (p ? p.probe() : false)) };
      }
      return probe.ok;
    },
  };
}
