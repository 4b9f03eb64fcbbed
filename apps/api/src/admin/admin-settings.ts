import type { TAdminSettingsResponse } from '@agentroom/shared';
import type { AppConfig } from '../config';
import type { DbOrTx } from '../db/client';
import { agentModels } from './admin-settings-repo';

/** The model an OpenAI-compatible LLM_BASE_URL gets when LLM_MODEL names none (resolve-provider.ts). */
const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * The settings this instance runs with, read from its configuration; never a secret (the provider's
 * key, OIDC client secrets, VAPID's private key, JWT_SECRET): only whether a provider is configured and
 * where it is. Without LLM_BASE_URL a local Ollama is used when it answers, so its model is not known here.
 */
export async function adminSettings(db: DbOrTx, config: AppConfig): Promise<TAdminSettingsResponse> {
  const { baseUrl, model } = config.llm;
  const defaultModel = baseUrl ? (model ?? OPENAI_DEFAULT_MODEL) : model;
  const ids = [...new Set([...(defaultModel ? [defaultModel] : []), ...(await agentModels(db))])];
  return {
    models: ids.map((id) => ({ id, label: id, isDefault: id === defaultModel })),
    providerConfigured: Boolean(baseUrl),
    providerBaseUrl: baseUrl ? withoutCredentials(baseUrl) : null,
    teamDailyTokenBudget: config.ai.teamDailyTokenBudget > 0 ? config.ai.teamDailyTokenBudget : null,
    personDailyTokenLimit: null,
    toolsEnabled: config.ai.supportsTools,
    ssoProviders: config.sso.providers.map((provider) => ({ id: provider.id, name: provider.name })),
    passwordSignIn: config.passwordSignIn,
    adminEmails: config.adminEmails,
    retentionIntervalMinutes: config.retention.intervalMs / 60_000,
    exportTtlHours: Math.round(config.exports.ttlMs / 3_600_000),
  };
}

/** A base URL may carry `user:password@` or a key in its query: never shown. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return '';
  }
}
