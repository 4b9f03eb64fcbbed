/** A part of a user turn: text, or an image (a data: URL) for a model that takes images. */
export type ModelContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A tool call as the model asked for it: `arguments` is the model's JSON text, unchecked. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A tool the model may call: a function name (^[A-Za-z0-9_-]{1,64}$), what it does, its JSON Schema. */
export interface ModelToolDef {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * A chat turn as the model sees it (OpenAI-style): an assistant turn may carry tool calls, and a
 * `tool` turn answers one of them by `toolCallId`. Only user turns carry image parts.
 */
export interface ModelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | ModelContentPart[];
  toolCalls?: ModelToolCall[];
  toolCallId?: string;
}

export interface StreamUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Text as it is written, the tokens spent, and (once, at the end) the tool calls the model asks for. */
export type StreamEvent = { type: 'delta'; text: string } | { type: 'usage'; usage: StreamUsage } | { type: 'tool_calls'; calls: ModelToolCall[] };

/** Why a reply could not be written; each kind maps to a notice the user can act on. */
export type ProviderFailureKind = 'unavailable' | 'rate_limited' | 'timeout' | 'provider_error' | 'cancelled';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The HTTP status the model server answered, when it answered one. */
    readonly status?: number,
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
  stream(messages: ModelMessage[], options: { model?: string; signal: AbortSignal; tools?: ModelToolDef[] }): AsyncIterable<StreamEvent>;
  probe(): Promise<boolean>;
}
