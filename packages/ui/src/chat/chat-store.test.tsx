import { CHAT_HISTORY_PAGE_SIZE } from '@glucoguard/domain';
import { describe, expect, it } from 'vitest';
import { createChatStore, type ChatStoreOptions } from './chat-store';
import { CHAT_NETWORK_CODE } from './local-transport';
import {
  ChatSendError,
  type ChatClientPayload,
  type ChatMessage,
  type ChatSig,
  type ChatStatus,
  type ChatTransport,
} from './transport';

const SESSION = '00000000-0000-4000-8000-000000000001';
const ME = 'c_1';
const PEER = 's_7';

/**
 * A chat server in memory, as the API behaves: a sender's client id is stored once, times rise
 * strictly, history pages of 10 before a time. The transport below reaches it while "online".
 */
class Server {
  readonly messages: ChatMessage[] = [];
  private clock = 1_000_000;
  historyCalls: (number | undefined)[] = [];

  store(from: string, clientId: string, payload: ChatMessage['payload']): ChatMessage {
    const known = this.messages.find((m) => m.from === from && m.clientId === clientId);
    if (known) {
      return known;
    }
    this.clock += 1000;
    const message = {
      id: `id-${this.messages.length + 1}`,
      sessionId: SESSION,
      from,
      clientId,
      payload,
      time: this.clock,
    };
    this.messages.push(message);
    return message;
  }

  page(before: number | undefined) {
    this.historyCalls.push(before);
    const older = this.messages.filter((m) => before === undefined || m.time < before);
    return { items: older.slice(-CHAT_HISTORY_PAGE_SIZE) };
  }
}

class FakeTransport implements ChatTransport {
  online = true;
  /** When set, the server stores the message but the ack is lost (the connection drops first). */
  loseNextAck = false;
  refuseNext: ChatSendError | undefined;
  connects = 0;
  private readonly messageListeners = new Set<(m: ChatMessage) => void>();
  private readonly kickListeners = new Set<() => void>();
  private readonly statusListeners = new Set<(s: ChatStatus) => void>();

  constructor(private readonly server: Server) {}

  connect(): Promise<void> {
    this.connects += 1;
    if (!this.online) {
      this.emitStatus('closed');
      return Promise.reject(new ChatSendError(CHAT_NETWORK_CODE, '请检查您的网络设置'));
    }
    this.emitStatus('open');
    return Promise.resolve();
  }
  send(sessionId: string, clientId: string, payload: ChatClientPayload): Promise<ChatMessage> {
    if (this.refuseNext) {
      const refusal = this.refuseNext;
      this.refuseNext = undefined;
      return Promise.reject(refusal);
    }
    if (!this.online) {
      return Promise.reject(new ChatSendError(CHAT_NETWORK_CODE, '请检查您的网络设置'));
    }
    const message = this.server.store(ME, clientId, payload);
    if (this.loseNextAck) {
      this.loseNextAck = false;
      this.drop();
      return Promise.reject(new ChatSendError(CHAT_NETWORK_CODE, '请检查您的网络设置'));
    }
    // The server also pushes it to every connection of the members, the sender's included.
    this.push(message);
    return Promise.resolve(message);
  }
  push(message: ChatMessage) {
    if (this.online) {
      for (const listener of this.messageListeners) {
        listener(message);
      }
    }
  }
  drop() {
    this.online = false;
    this.emitStatus('closed');
  }
  kick() {
    for (const listener of this.kickListeners) {
      listener();
    }
    this.emitStatus('closed');
  }
  emitStatus(status: ChatStatus) {
    for (const listener of this.statusListeners) {
      listener(status);
    }
  }
  onMessage(listener: (m: ChatMessage) => void) {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }
  onKicked(listener: () => void) {
    this.kickListeners.add(listener);
    return () => this.kickListeners.delete(listener);
  }
  onStatus(listener: (s: ChatStatus) => void) {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
  close() {
    this.emitStatus('closed');
  }
}

const SIG: ChatSig = {
  sdkAppId: 0,
  sig: 'sig',
  imUserId: ME,
  expireTime: 0,
  provider: 'local',
  socketPath: '/api/consult/v1/chatSocket',
};

function setup(overrides: Partial<ChatStoreOptions> = {}) {
  const server = new Server();
  const transport = new FakeTransport(server);
  const timers: (() => void)[] = [];
  let clock = 5_000_000;
  let ids = 0;
  let reads = 0;
  const store = createChatStore({
    transport,
    sessionId: SESSION,
    querySig: () => Promise.resolve(SIG),
    loadHistory: (before) => Promise.resolve(server.page(before)),
    markRead: () => {
      reads += 1;
    },
    now: () => clock,
    newClientId: () => `client-${++ids}`,
    setTimer: (run) => timers.push(run),
    clearTimer: () => undefined,
    ...overrides,
  });
  const tick = (ms: number) => {
    clock += ms;
  };
  const runTimers = async () => {
    for (const run of timers.splice(0)) {
      run();
    }
    // Let the reconnect's promises (sig, connect, pages, resends) settle.
    for (let i = 0; i < 20; i += 1) {
      await Promise.resolve();
    }
  };
  const texts = () =>
    store
      .getState()
      .entries.map((e) => `${e.from}:${e.payload.type === 'text' ? e.payload.text : e.payload.type}:${e.state}`);
  return { server, transport, store, tick, runTimers, texts, timers, reads: () => reads };
}

const text = (value: string): ChatClientPayload => ({ type: 'text', text: value });

describe('chat store', () => {
  it('reads the newest page of ten on start and pages back by the oldest time shown', async () => {
    const { server, store, texts } = setup();
    for (let i = 1; i <= 12; i += 1) {
      server.store(PEER, `peer-msg-${i}`, { type: 'text', text: `m${i}` });
    }
    await store.start();
    expect(store.getState().loaded).toBe(true);
    expect(store.getState().status).toBe('open');
    expect(texts()).toHaveLength(10);
    expect(texts()[0]).toBe('s_7:m3:sent');
    expect(store.getState().hasMore).toBe(true);
    await store.loadOlder();
    expect(server.historyCalls[1]).toBe(server.messages[2]?.time);
    expect(texts()).toHaveLength(12);
    expect(texts()[0]).toBe('s_7:m1:sent');
    expect(store.getState().hasMore).toBe(false);
  });

  it('shows a message posted while the socket was opening, read before the socket was open', async () => {
    const { server, transport, store, texts } = setup();
    server.store(PEER, 'peer-before', { type: 'text', text: 'before' });
    const open = transport.connect.bind(transport);
    // The doctor's accept lands after the screen asked for its signature, before the socket is open:
    // the server stores it and pushes it to no connection of the patient's yet.
    transport.connect = () => {
      server.store(PEER, 'peer-while-opening', { type: 'text', text: 'while opening' });
      return open();
    };
    await store.start();
    expect(texts()).toEqual(['s_7:before:sent', 's_7:while opening:sent']);
    // And one posted once the socket is open arrives on it.
    transport.push(server.store(PEER, 'peer-after', { type: 'text', text: 'after' }));
    expect(texts()).toEqual(['s_7:before:sent', 's_7:while opening:sent', 's_7:after:sent']);
  });

  it('shows a sent message once although it comes back as the ack and as the push', async () => {
    const { store, texts, server } = setup();
    await store.start();
    expect(await store.send(text('你好'))).toBe('sent');
    expect(texts()).toEqual(['c_1:你好:sent']);
    expect(server.messages).toHaveLength(1);
  });

  it('lets one send through a second and answers throttled before that', async () => {
    const { store, tick, texts } = setup();
    await store.start();
    expect(await store.send(text('一'))).toBe('sent');
    tick(999);
    expect(await store.send(text('二'))).toBe('throttled');
    tick(1);
    expect(await store.send(text('三'))).toBe('sent');
    expect(texts()).toEqual(['c_1:一:sent', 'c_1:三:sent']);
  });

  it('keeps a refused message with its failure and resends it under the same client id', async () => {
    const { store, transport, texts, server } = setup();
    await store.start();
    transport.refuseNext = new ChatSendError(40000, '咨询已结束');
    expect(await store.send(text('还在吗'))).toBe('failed');
    const [failed] = store.getState().entries;
    expect(failed?.state).toBe('failed');
    expect(failed?.error).toMatchObject({ code: 40000, errMsg: '咨询已结束' });
    expect(await store.resend(failed?.key ?? '')).toBe('sent');
    expect(texts()).toEqual(['c_1:还在吗:sent']);
    expect(server.messages.map((m) => m.clientId)).toEqual([failed?.clientId]);
  });

  it('marks the session read when a message from the doctor arrives', async () => {
    const { store, transport, server, reads } = setup();
    await store.start();
    transport.push(server.store(PEER, 'peer-msg-1', { type: 'text', text: '您好' }));
    expect(reads()).toBe(1);
  });

  it('after a dropped connection reconnects, catches up what it missed and sends what failed, each once', async () => {
    const { store, transport, server, runTimers, tick, texts, timers } = setup();
    await store.start();
    expect(await store.send(text('第一条'))).toBe('sent');
    tick(1000);
    // The ack of the second is lost: the server stored it, the client does not know.
    transport.loseNextAck = true;
    expect(await store.send(text('第二条'))).toBe('failed');
    expect(store.getState().status).toBe('closed');
    // While offline: the doctor writes 12 messages (more than a page), and the patient writes one.
    for (let i = 1; i <= 12; i += 1) {
      server.store(PEER, `peer-msg-${i}`, { type: 'text', text: `回复${i}` });
    }
    tick(1000);
    expect(await store.send(text('第三条'))).toBe('failed');
    expect(timers).toHaveLength(1);
    // The first retry finds the network still down and waits again.
    await runTimers();
    expect(timers).toHaveLength(1);
    transport.online = true;
    await runTimers();
    expect(store.getState().status).toBe('open');
    const shown = texts();
    expect(shown.filter((t) => t.endsWith(':failed') || t.endsWith(':pending'))).toEqual([]);
    expect(shown).toHaveLength(15);
    expect(new Set(shown).size).toBe(15);
    expect(shown.filter((t) => t === 'c_1:第二条:sent')).toHaveLength(1);
    expect(shown.at(-1)).toBe('c_1:第三条:sent');
    expect(server.messages).toHaveLength(15);
  });

  it('closes at once when the device goes offline and reconnects at once when it is back', async () => {
    const { store, transport, server, timers, texts } = setup();
    await store.start();
    transport.online = false;
    store.networkLost();
    expect(store.getState().status).toBe('closed');
    expect(timers).toHaveLength(1);
    server.store(PEER, 'peer-msg-1', { type: 'text', text: '在吗' });
    transport.online = true;
    store.networkBack();
    for (let i = 0; i < 20; i += 1) {
      await Promise.resolve();
    }
    expect(store.getState().status).toBe('open');
    expect(texts()).toEqual(['s_7:在吗:sent']);
  });

  it('stops after a kick: no reconnect, the state says kicked', async () => {
    const { store, transport, timers } = setup();
    await store.start();
    transport.kick();
    expect(store.getState().kicked).toBe(true);
    expect(timers).toHaveLength(0);
  });

  it('reports a setup failure (no signature) instead of retrying forever', async () => {
    const { store } = setup({ querySig: () => Promise.reject(new ChatSendError(40100, '请先登录')) });
    await store.start();
    expect(store.getState().setupError).toMatchObject({ code: 40100, errMsg: '请先登录' });
    expect(store.getState().loaded).toBe(false);
  });
});
