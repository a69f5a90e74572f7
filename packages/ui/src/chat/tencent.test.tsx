import { describe, expect, it, vi } from 'vitest';
import { createChatTransport } from './provider-transport';
import { encodeTencentChatData, tencentChatUserId } from '@glucoguard/domain';
import {
  chatMessageFromTencent,
  createTencentTransport,
  type TencentChatInstance,
  type TencentChatSdk,
} from './tencent';
import { ChatSendError, type ChatMessage, type ChatSig, type ChatStatus } from './transport';

const ME = 'c_0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const SIG: ChatSig = {
  sdkAppId: 1400000123,
  sig: 'eJyrVgrxCdYrSy1SslIy0jNQ0gHzM1NS8kqAfBMDIx1DC0sTSGFKeUZiUWKqS4ZjLKhcBp8kA',
  imUserId: ME,
  expireTime: 0,
  provider: 'tencent',
  socketPath: '/api/consult/v1/chatSocket',
};
const SESSION = '00000000-0000-4000-8000-000000000001';
const stored = (clientId: string): ChatMessage => ({
  id: `id-${clientId}`,
  sessionId: SESSION,
  from: 's_00000000-0000-4000-8000-000000000009',
  clientId,
  time: 1_700_000_000_000,
  payload: { type: 'text', text: '请继续记录一周' },
});

const EVENT = {
  SDK_READY: 'sdkStateReady',
  SDK_NOT_READY: 'sdkStateNotReady',
  MESSAGE_RECEIVED: 'onMessageReceived',
  KICKED_OUT: 'kickedOut',
  NET_STATE_CHANGE: 'netStateChange',
};
const TYPES = {
  MSG_CUSTOM: 'TIMCustomElem',
  NET_STATE_CONNECTED: 'connected',
  NET_STATE_CONNECTING: 'connecting',
  KICKED_OUT_MULT_ACCOUNT: 'multipleAccount',
  KICKED_OUT_MULT_DEVICE: 'multipleDevice',
};

/** A stand-in for the Tencent SDK instance: records logins and plays Tencent's events. */
class ScriptedChat implements TencentChatInstance {
  logins: { userID: string; userSig: string }[] = [];
  loggedOut = false;
  destroyed = false;
  refuseLogin = false;
  private readonly handlers = new Map<string, Set<(event: { data?: unknown }) => void>>();
  constructor(readonly sdkAppId: number) {}
  login(options: { userID: string; userSig: string }) {
    this.logins.push(options);
    return this.refuseLogin ? Promise.reject(new Error('70013')) : Promise.resolve({});
  }
  logout() {
    this.loggedOut = true;
    return Promise.resolve();
  }
  destroy() {
    this.destroyed = true;
    return Promise.resolve();
  }
  on(event: string, handler: (event: { data?: unknown }) => void) {
    if (!this.handlers.has(event)) {
      this.handlers.set(event, new Set());
    }
    this.handlers.get(event)!.add(handler);
  }
  off(event: string, handler: (event: { data?: unknown }) => void) {
    this.handlers.get(event)?.delete(handler);
  }
  setLogLevel() {}
  fire(event: string, data?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) {
      handler({ data });
    }
  }
}

function setup(send = vi.fn<(s: string, c: string, p: unknown) => Promise<ChatMessage>>()) {
  const instances: ScriptedChat[] = [];
  const sdk: TencentChatSdk = {
    create: ({ SDKAppID }) => {
      const chat = new ScriptedChat(SDKAppID);
      instances.push(chat);
      return chat;
    },
    EVENT,
    TYPES,
  };
  const loadSdk = vi.fn(() => Promise.resolve(sdk));
  const transport = createTencentTransport({ send, loadSdk });
  const received: ChatMessage[] = [];
  const statuses: ChatStatus[] = [];
  let kicks = 0;
  transport.onMessage((m) => received.push(m));
  transport.onStatus((s) => statuses.push(s));
  transport.onKicked(() => (kicks += 1));
  return { transport, instances, loadSdk, send, received, statuses, kicks: () => kicks };
}

describe('the tencent transport', () => {
  it('loads the SDK only when it connects, and logs in as the identity’s account with the UserSig', async () => {
    const t = setup();
    expect(t.loadSdk).not.toHaveBeenCalled();
    await t.transport.connect(SIG);
    expect(t.loadSdk).toHaveBeenCalledTimes(1);
    expect(t.instances[0]!.sdkAppId).toBe(1400000123);
    expect(t.instances[0]!.logins).toEqual([{ userID: tencentChatUserId(ME), userSig: SIG.sig }]);
    t.instances[0]!.fire(EVENT.SDK_READY);
    expect(t.statuses).toEqual(['connecting', 'open']);
  });

  it('passes on our messages carried in custom messages, and nothing else', async () => {
    const t = setup();
    await t.transport.connect(SIG);
    const chat = t.instances[0]!;
    chat.fire(EVENT.MESSAGE_RECEIVED, [
      { type: 'TIMCustomElem', payload: { data: encodeTencentChatData(stored('a-000001')) } },
      { type: 'TIMTextElem', payload: { text: encodeTencentChatData(stored('b-000001')) } },
      { type: 'TIMCustomElem', payload: { data: '{"kind":"other"}' } },
      { type: 'TIMCustomElem', payload: { data: encodeTencentChatData({ id: 'x' }) } },
      null,
    ]);
    expect(t.received).toEqual([stored('a-000001')]);
    expect(chatMessageFromTencent(encodeTencentChatData(stored('c-000001')))).toEqual(stored('c-000001'));
  });

  it('sends through the API and rejects with the envelope’s code, or the network text', async () => {
    const send = vi.fn<(s: string, c: string, p: unknown) => Promise<ChatMessage>>();
    const t = setup(send);
    await t.transport.connect(SIG);
    send.mockResolvedValueOnce(stored('mine-0001'));
    await expect(t.transport.send(SESSION, 'mine-0001', { type: 'text', text: '你好' })).resolves.toEqual(
      stored('mine-0001'),
    );
    expect(send).toHaveBeenCalledWith(SESSION, 'mine-0001', { type: 'text', text: '你好' });
    send.mockRejectedValueOnce({ code: 40000, errMsg: '咨询已结束' });
    await expect(t.transport.send(SESSION, 'mine-0002', { type: 'text', text: '再问一句' })).rejects.toEqual(
      new ChatSendError(40000, '咨询已结束'),
    );
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await t.transport
      .send(SESSION, 'mine-0003', { type: 'text', text: '网络断了' })
      .catch((e: unknown) => e);
    expect(offline).toMatchObject({ code: -1, errMsg: '请检查您的网络设置' });
  });

  it('reports the network state, the spec’s kick on another login, and only closes on an expired UserSig', async () => {
    const t = setup();
    await t.transport.connect(SIG);
    const chat = t.instances[0]!;
    chat.fire(EVENT.NET_STATE_CHANGE, { state: 'disconnected' });
    chat.fire(EVENT.NET_STATE_CHANGE, { state: 'connecting' });
    chat.fire(EVENT.NET_STATE_CHANGE, { state: 'connected' });
    chat.fire(EVENT.KICKED_OUT, { type: 'userSigExpired' });
    expect(t.kicks()).toBe(0);
    chat.fire(EVENT.KICKED_OUT, { type: 'multipleAccount' });
    expect(t.kicks()).toBe(1);
    expect(t.statuses).toEqual(['connecting', 'closed', 'connecting', 'open', 'closed', 'closed']);
  });

  it('re-connects with a fresh instance and leaves the old one (logged out, deaf)', async () => {
    const t = setup();
    await t.transport.connect(SIG);
    await t.transport.connect({ ...SIG, sig: 'fresh' });
    const [old, fresh] = t.instances;
    await vi.waitFor(() => expect(old!.destroyed).toBe(true));
    expect(old!.loggedOut).toBe(true);
    old!.fire(EVENT.MESSAGE_RECEIVED, [
      { type: 'TIMCustomElem', payload: { data: encodeTencentChatData(stored('old-00001')) } },
    ]);
    expect(t.received).toEqual([]);
    expect(fresh!.logins[0]!.userSig).toBe('fresh');
    t.transport.close();
    await vi.waitFor(() => expect(fresh!.destroyed).toBe(true));
    expect(t.statuses.at(-1)).toBe('closed');
  });

  it('fails a refused login with the network text and a closed state, and refuses a local sig', async () => {
    const refusing: TencentChatSdk = {
      create: () => Object.assign(new ScriptedChat(1), { refuseLogin: true }),
      EVENT,
      TYPES,
    };
    const failing = createTencentTransport({ send: vi.fn(), loadSdk: () => Promise.resolve(refusing) });
    const statuses: ChatStatus[] = [];
    failing.onStatus((s) => statuses.push(s));
    await expect(failing.connect(SIG)).rejects.toMatchObject({ code: -1, errMsg: '请检查您的网络设置' });
    expect(statuses).toEqual(['connecting', 'closed']);
    await expect(setup().transport.connect({ ...SIG, provider: 'local' })).rejects.toThrow('cannot use a "local" sig');
  });
});

describe('createChatTransport', () => {
  it('connects by the sig’s provider, and only the active transport’s messages come through', async () => {
    const sockets: { url: string; fireOpen?: () => void; fireMessage?: (data: string) => void }[] = [];
    const instances: ScriptedChat[] = [];
    const loadSdk = vi.fn(() =>
      Promise.resolve<TencentChatSdk>({
        create: ({ SDKAppID }) => {
          const chat = new ScriptedChat(SDKAppID);
          instances.push(chat);
          return chat;
        },
        EVENT,
        TYPES,
      }),
    );
    const transport = createChatTransport({
      local: {
        origin: 'https://h5.example.com',
        createSocket: (url) => {
          const entry: (typeof sockets)[number] = { url };
          sockets.push(entry);
          return {
            readyState: 0,
            send: () => undefined,
            close: () => undefined,
            addEventListener: (type: string, listener: (event: never) => void) => {
              if (type === 'open') {
                entry.fireOpen = () => listener({} as never);
              }
              if (type === 'message') {
                entry.fireMessage = (data) => listener({ data } as never);
              }
            },
          };
        },
      },
      tencent: { send: vi.fn(), loadSdk },
    });
    const received: ChatMessage[] = [];
    transport.onMessage((m) => received.push(m));

    const local = transport.connect({ ...SIG, provider: 'local', sdkAppId: 0, sig: 'local-sig' });
    sockets[0]!.fireOpen!();
    await local;
    expect(sockets[0]!.url).toBe('wss://h5.example.com/api/consult/v1/chatSocket?sig=local-sig');
    expect(loadSdk).not.toHaveBeenCalled();
    sockets[0]!.fireMessage!(JSON.stringify({ type: 'message', message: stored('local-001') }));

    await transport.connect(SIG);
    expect(loadSdk).toHaveBeenCalledTimes(1);
    instances[0]!.fire(EVENT.MESSAGE_RECEIVED, [
      { type: 'TIMCustomElem', payload: { data: encodeTencentChatData(stored('tencent-01')) } },
    ]);
    // The local socket was closed by the switch; anything it still says is not passed on.
    sockets[0]!.fireMessage!(JSON.stringify({ type: 'message', message: stored('local-002') }));
    expect(received.map((m) => m.clientId)).toEqual(['local-001', 'tencent-01']);
  });
});

describe('@tencentcloud/chat', () => {
  it('has the events and types the transport listens for, with the values it expects', async () => {
    // The build the transport loads: the package's ES module.
    const sdk: TencentChatSdk = (await import('@tencentcloud/chat/index.es.js')).default;
    expect(typeof sdk.create).toBe('function');
    expect(sdk.EVENT).toMatchObject(EVENT);
    expect(sdk.TYPES).toMatchObject(TYPES);
  });
});
