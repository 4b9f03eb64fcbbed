import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { createOpenAiProvider } from './openai-provider';
import type { ModelProvider } from './provider';

const OLLAMA_URL = 'http://127.0.0.1:11434';

/**
 * LLM_BASE_URL wins; without it a local Ollama is used when it answers (its first model unless
 * LLM_MODEL names one). Undefined means no model: AI agents show offline and say so in the chat.
 */
export async function resolveProvider(config: AppConfig, logger: Logger): Promise<ModelProvider | undefined> {
  const { baseUrl, apiKey, model } = config.llm;
  const timeoutMs = config.ai.idleTimeoutMs;
  if (baseUrl) return createOpenAiProvider({ baseUrl, apiKey, model: model ?? 'gpt-4o-mini', timeoutMs });
  if (config.env === 'test') return undefined;
  try {
    const response = await fetch(`${OLLAMA_URL}/api/tags`, { signal: AbortSignal.timeout(1500) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { models?: { name: string }[] };
    const chosen = model ?? body.models?.[0]?.name;
    if (!chosen) {
      logger.warn('Ollama answers but has no model pulled; AI agents stay offline');
      return undefined;
    }
    logger.info({ model: chosen }, 'using local Ollama for AI agents');
    return createOpenAiProvider({ baseUrl: `${OLLAMA_URL}/v1`, model: chosen, timeoutMs });
  } catch {
    return undefined;
  }
}
