import { chunkAnswer, composeAssistantReply } from '@glucoguard/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AssistantProvider, AssistantRequest } from './assistant';

export interface LocalAssistantOptions {
  /** Pause between chunks, so the answer arrives as a typing stream (0 in some tests). */
  chunkDelayMs?: number;
  chunkSize?: number;
  /** Called once per chunk produced (tests use it to see that generation stopped). */
  onChunk?: () => void;
}

/**
 * The embedded offline assistant (AI_PROVIDER=local, the default): composes its answer from the
 * user's own readings with the domain's rules (`composeAssistantReply`) and streams it in chunks.
 */
export class LocalAssistant implements AssistantProvider {
  readonly name = 'local';
  constructor(private readonly options: LocalAssistantOptions = {}) {}

  async *stream(request: AssistantRequest, signal: AbortSignal): AsyncIterable<string> {
    const { chunkDelayMs = 30, chunkSize = 6, onChunk } = this.options;
    const chunks = chunkAnswer(composeAssistantReply(request.message, request.context), chunkSize);
    for (const [index, chunk] of chunks.entries()) {
      if (signal.aborted) {
        return;
      }
      if (index > 0 && chunkDelayMs > 0) {
        try {
          await sleep(chunkDelayMs, undefined, { signal });
        } catch {
          return;
        }
      }
      onChunk?.();
      yield chunk;
    }
  }
}
