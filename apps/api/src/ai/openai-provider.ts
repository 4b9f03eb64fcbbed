import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { ProviderError, type ModelMessage, type ModelProvider, type ModelToolCall, type ModelToolDef, type StreamEvent } from './provider';

export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for the first byte, and for each next chunk, before the reply counts as timed out. */
  timeoutMs?: number;
}

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio,
 * gateways) through the official client, which parses the SSE stream for us.
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): ModelProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey || 'not-needed',
    timeout: options.timeoutMs ?? 60_000,
    // Our job queue retries with its own backoff and visible notices; no hidden client retries.
    maxRetries: 0,
  });

  const idleMs = options.timeoutMs ?? 60_000;

  async function* stream(
    messages: ModelMessage[],
    { model, signal, tools }: { model?: string; signal: AbortSignal; tools?: ModelToolDef[] },
  ): AsyncIterable<StreamEvent> {
    // An idle watchdog: a provider that stops sending mid-stream must not hang the reply forever.
    const inner = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        inner.abort();
      }, idleMs);
    };
    const forward = () => inner.abort();
    signal.addEventListener('abort', forward, { once: true });
    try {
      arm();
      const response = await client.chat.completions.create(
        {
          model: model || options.model,
          messages: messages.map(toOpenAiMessage),
          ...(tools?.length ? { tools: tools.map(toOpenAiTool) } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: inner.signal },
      );
      // Tool calls arrive in pieces keyed by index: the id and name first, the arguments in fragments.
      const calls: ModelToolCall[] = [];
      for await (const chunk of response) {
        arm();
        const delta = chunk.choices[0]?.delta;
        if (delta?.content) yield { type: 'delta', text: delta.content };
        for (const piece of delta?.tool_calls ?? []) {
          const call = (calls[piece.index] ??= { id: '', name: '', arguments: '' });
          if (piece.id) call.id = piece.id;
          if (piece.function?.name) call.name += piece.function.name;
          if (piece.function?.arguments) call.arguments += piece.function.arguments;
        }
        if (chunk.usage)
          yield { type: 'usage', usage: { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens } };
      }
      // The client ends the iteration quietly when aborted; an aborted stream is not a finished reply.
      if (timedOut) throw new ProviderError('timeout', 'The model took too long to answer');
      if (signal.aborted) throw new ProviderError('cancelled', 'Reply stopped');
      const asked = calls.filter(Boolean).map((call, index) => ({ ...call, id: call.id || `call_${index}` }));
      if (asked.length) yield { type: 'tool_calls', calls: asked };
    } catch (error) {
      if (timedOut && !(error instanceof ProviderError)) throw new ProviderError('timeout', 'The model took too long to answer');
      throw toProviderError(error, signal);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', forward);
    }
  }

  return {
    name: `openai-compatible ${options.baseUrl}`,
    defaultModel: options.model,
    stream,
    probe: async () => {
      try {
        await client.models.list({ timeout: 3000 });
        return true;
      } catch {
        return false;
      }
    },
  };
}

function toOpenAiMessage(message: ModelMessage): ChatCompletionMessageParam {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: textOf(message.content) };
  if (message.role === 'assistant')
    return {
      role: 'assistant',
      content: textOf(message.content),
      ...(message.toolCalls?.length
        ? { tool_calls: message.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) }
        : {}),
    };
  if (message.role === 'system') return { role: 'system', content: textOf(message.content) };
  return { role: 'user', content: message.content };
}

const textOf = (content: ModelMessage['content']) =>
  typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

const toOpenAiTool = (tool: ModelToolDef): ChatCompletionTool => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
});

function toProviderError(error: unknown, signal: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted || error instanceof OpenAI.APIUserAbortError) return new ProviderError('cancelled', 'Reply stopped');
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ProviderError('timeout', 'The model took too long to answer');
  if (error instanceof OpenAI.RateLimitError) {
    const retryAfter = Number(error.headers?.get?.('retry-after'));
    return new ProviderError('rate_limited', 'The model provider is rate limiting requests', Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  if (error instanceof OpenAI.APIConnectionError) return new ProviderError('unavailable', 'The model provider could not be reached');
  if (error instanceof OpenAI.APIError)
    return new ProviderError('provider_error', `The model provider answered ${error.status ?? 'with an error'}`, undefined, error.status);
  return new ProviderError('provider_error', error instanceof Error ? error.message : 'The model failed');
}
