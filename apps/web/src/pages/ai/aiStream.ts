import type { ChatTurn } from '@glucoguard/domain';
import { apiStream } from '../../api';

/** A question that failed; `serverMessage` is the server's own errMsg when it refused (e.g. too many questions). */
export class AiSendError extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'assistant stream failed');
    this.name = 'AiSendError';
  }
}

/**
 * Asks the assistant (POST /united-ai/message/send) and calls `onText` with each chunk as it
 * arrives. EventSource cannot POST, so the event stream is read from fetch's body. Resolves when
 * the answer ended; rejects with {@link AiSendError} on a refusal, a failed stream or a cut one.
 */
export async function streamAiAnswer(
  body: { msg: string; lastMsg: ChatTurn[] },
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await apiStream('/united-ai/message/send', { method: 'POST', body, ...(signal && { signal }) });
  } catch {
    throw new AiSendError(null);
  }
  if (
    !response.ok ||
    !(response.headers.get('content-type') ?? '').startsWith('text/event-stream') ||
    response.body === null
  ) {
    const envelope = (await response.json().catch(() => null)) as { errMsg?: unknown } | null;
    throw new AiSendError(typeof envelope?.errMsg === 'string' && envelope.errMsg !== '' ? envelope.errMsg : null);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        // The connection closed without `event: done`: the answer is incomplete.
        throw new AiSendError(null);
      }
      buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
        const dataLine = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (name === 'done') {
          return;
        }
        if (name === 'error') {
          throw new AiSendError(null);
        }
        const data = JSON.parse(dataLine || 'null') as { text?: unknown } | null;
        if (typeof data?.text === 'string') {
          onText(data.text);
        }
      }
    }
  } catch (error) {
    throw error instanceof AiSendError ? error : new AiSendError(null);
  } finally {
    reader.releaseLock();
  }
}
