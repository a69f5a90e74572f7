import { assistantSystemPrompt } from '@glucoguard/domain';
import type { AssistantProvider, AssistantRequest } from './assistant';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.deepseek.com/v1, https://dashscope.aliyuncs.com/compatible-mode/v1, http://127.0.0.1:11434/v1 */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** How long the service may take to start answering. */
  connectTimeoutMs?: number;
  fetch?: typeof fetch;
}

export class AssistantUpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssistantUpstreamError';
  }
}

/** The text of one `data:` payload of a streamed chat completion, or null for none. */
export function deltaText(payload: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw new AssistantUpstreamError('the chat-completions stream sent a line that is not JSON');
  }
  const choices = (parsed as { choices?: { delta?: { content?: unknown } }[] } | null)?.choices;
  const content = Array.isArray(choices) ? choices[0]?.delta?.content : undefined;
  return typeof content === 'string' && content !== '' ? content : null;
}

/** Splits a server-sent event stream into the payloads of its `data:` lines (multi-line data joined). */
export async function* sseData(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncIterable<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      if (signal.aborted) {
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r?\n/)) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
        if (line === '') {
          if (data.length > 0) {
            yield data.join('\n');
            data = [];
          }
        } else if (line.startsWith('data:')) {
          data.push(line.slice(5).replace(/^ /, ''));
        }
        // Comments (`:`), `event:`, `id:` and `retry:` lines carry nothing for us.
      }
    }
    if (data.length > 0) {
      yield data.join('\n');
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * A client of any OpenAI-compatible `POST {baseUrl}/chat/completions` with `stream: true`
 * (AI_PROVIDER=openai): the common Chinese model services and local model servers speak it.
 * The user's numbers and the safety rules travel in the system prompt. Aborting `signal` aborts
 * the upstream request, so the service stops generating.
 */
export class OpenAiCompatibleAssistant implements AssistantProvider {
  readonly name = 'openai';
  constructor(private readonly options: OpenAiCompatibleOptions) {}

  async *stream(request: AssistantRequest, signal: AbortSignal): AsyncIterable<string> {
    const { baseUrl, apiKey, model, connectTimeoutMs = 20_000, fetch: doFetch = globalThis.fetch } = this.options;
    const upstream = new AbortController();
    const abort = () => upstream.abort();
    signal.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(abort, connectTimeoutMs);
    try {
      const response = await doFetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(apiKey !== '' && { authorization: `Bearer ${apiKey}` }),
        },
        body: JSON.stringify({
          model,
          stream: true,
          messages: [
            { role: 'system', content: assistantSystemPrompt(request.context) },
            ...request.history.map((t) => ({ role: t.role, content: t.content })),
            { role: 'user', content: request.message },
          ],
        }),
        signal: upstream.signal,
      });
      clearTimeout(timer);
      if (!response.ok || response.body === null) {
        throw new AssistantUpstreamError(`the chat-completions service answered ${response.status}`);
      }
      for await (const payload of sseData(response.body, upstream.signal)) {
        if (payload.trim() === '[DONE]') {
          return;
        }
        const text = deltaText(payload);
        if (text !== null) {
          yield text;
        }
      }
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      // Leaving early (our client went away, or an error) must not leave the upstream running.
      upstream.abort();
    }
  }
}
