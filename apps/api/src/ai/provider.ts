/** A chat turn as the model sees it. */
export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface StreamUsage {
  promptTokens: number;
  completionTokens: number;
}

export type StreamEvent = { type: 'delta'; text: string } | { type: 'usage'; usage: StreamUsage };

/** Why a reply could not be written; each kind maps to a notice the user can act on. */
export type ProviderFailureKind = 'unavailable' | 'rate_limited' | 'timeout' | 'provider_error' | 'cancelled';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * One interface for every model back end. `stream` yields text deltas as the model writes and
 * throws a ProviderError on failure; `probe` tells whether the provider answers at all (presence).
 */
export interface ModelProvider {
  readonly name: string;
  readonly defaultModel: string;
  stream(messages: ModelMessage[], options: { model?: string; signal: AbortSignal }): AsyncIterable<StreamEvent>;
  probe(): Promise<boolean>;
}
