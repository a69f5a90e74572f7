import type { AssistantContext, ChatTurn } from '@glucoguard/domain';

/** One question to the assistant: the bounded history, the new message and what we know of the user. */
export interface AssistantRequest {
  history: readonly ChatTurn[];
  message: string;
  context: AssistantContext;
}

/**
 * A model that answers in text chunks. Generation stops when `signal` aborts (the user closed the
 * connection): the iterator ends or throws, and nothing more is produced or paid for upstream.
 */
export interface AssistantProvider {
  readonly name: string;
  stream(request: AssistantRequest, signal: AbortSignal): AsyncIterable<string>;
}
