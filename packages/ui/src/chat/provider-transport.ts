// The transport a screen uses without knowing the provider: each connect picks the local WebSocket
// or Tencent Cloud IM by querySig's `provider` (the server's CHAT_PROVIDER), so the web app and the
// console build one transport and the Tencent SDK is loaded only when the server says tencent.
import { createLocalTransport, type LocalTransportOptions } from './local-transport';
import { createTencentTransport, type TencentTransportOptions } from './tencent';
import type { ChatMessage, ChatStatus, ChatTransport } from './transport';

export interface ChatTransportOptions {
  local: LocalTransportOptions;
  tencent: TencentTransportOptions;
}

export function createChatTransport(options: ChatTransportOptions): ChatTransport {
  const messages = new Set<(message: ChatMessage) => void>();
  const kicked = new Set<() => void>();
  const statuses = new Set<(status: ChatStatus) => void>();
  const made: Partial<Record<'local' | 'tencent', ChatTransport>> = {};
  let active: ChatTransport | undefined;

  const make = (provider: 'local' | 'tencent'): ChatTransport => {
    const existing = made[provider];
    if (existing) {
      return existing;
    }
    const transport =
      provider === 'tencent' ? createTencentTransport(options.tencent) : createLocalTransport(options.local);
    // Only the active transport's events reach the listeners.
    transport.onMessage((message) => transport === active && messages.forEach((listener) => listener(message)));
    transport.onKicked(() => transport === active && kicked.forEach((listener) => listener()));
    transport.onStatus((status) => transport === active && statuses.forEach((listener) => listener(status)));
    made[provider] = transport;
    return transport;
  };

  const subscribe =
    <T>(set: Set<T>) =>
    (listener: T) => {
      set.add(listener);
      return () => void set.delete(listener);
    };

  return {
    connect(sig) {
      const next = make(sig.provider);
      if (active && active !== next) {
        active.close();
      }
      active = next;
      return next.connect(sig);
    },
    send(sessionId, clientId, payload) {
      // Before the first connect the local transport refuses like any closed connection.
      return (active ?? make('local')).send(sessionId, clientId, payload);
    },
    onMessage: subscribe(messages),
    onKicked: subscribe(kicked),
    onStatus: subscribe(statuses),
    close() {
      active?.close();
    },
  };
}
