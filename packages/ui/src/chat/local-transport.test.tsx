import { describe, expect, it, vi } from 'vitest';
import { CHAT_NETWORK_CODE, chatSocketUrl, createLocalTransport, type ChatSocket } from './local-transport';
import type { ChatMessage, ChatSig } from './transport';

const SIG: ChatSig = {
  sdkAppId: 0,
  sig: 'c_1.123.abc+/=',
  imUserId: 'c_1',
  expireTime: 0,
  provider: 'local',
  socketPath: '/api/consult/v1/chatSocket',
};
const SESSION = '00000000-0000-4000-8000-000000000001';

/** A WebSocket driven by the test: it records what was sent and plays the server's frames. */
class ScriptedSocket implements ChatSocket {
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;
  private readonly handlers: Record<string, ((event: never) => void)[]> = {};
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: never) => void) {
    (this.handlers[type] ??= []).push(listener);
  }
  private fire(type: string, event: unknown) {
    for (const handler of this.handlers[type] ?? []) {
      handler(event as never);
    }
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.serverClose(code ?? 1000);
  }
  open() {
    this.readyState = 1;
    this.fire('open', {});
  }
  frame(value: unknown) {
    this.fire('message', { data: JSON.stringify(value) });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.fire('close', { code });
  }
}

const message = (clientId: string): ChatMessage => ({
  id: 'id-1',
  sessionId: SESSION,
  from: 'c_1',
  clientId,
  time: 1,
  payload: { type: 'text', text: '你好' },
});

function setup() {
  const sockets: ScriptedSocket[] = [];
  const transport = createLocalTransport({
    origin: 'https://care.example.cn',
    ackTimeoutMs: 50,
    createSocket: (url) => {
      const socket = new ScriptedSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  const statuses: string[] = [];
  transport.onStatus((status) => statuses.push(status));
  return { transport, sockets, statuses };
}

describe('local chat transport', () => {
  it('opens the socket at the sig’s path on the origin’s wss form with the sig escaped', () => {
    expect(chatSocketUrl('https://care.example.cn', SIG)).toBe(
      'wss://care.example.cn/api/consult/v1/chatSocket?sig=c_1.123.abc%2B%2F%3D',
    );
    expect(chatSocketUrl('http://127.0.0.1:3000', SIG)).toBe(
      'ws://127.0.0.1:3000/api/consult/v1/chatSocket?sig=c_1.123.abc%2B%2F%3D',
    );
  });

  it('resolves a send with the acked message and refuses one with the error frame’s code and text', async () => {
    const { transport, sockets, statuses } = setup();
    const connected = transport.connect(SIG);
    sockets[0]?.open();
    await connected;
    expect(statuses).toEqual(['connecting', 'open']);
    const sent = transport.send(SESSION, 'client-1', { type: 'text', text: '你好' });
    expect(sockets[0]?.sent).toEqual([
      { type: 'send', sessionId: SESSION, clientId: 'client-1', payload: { type: 'text', text: '你好' } },
    ]);
    sockets[0]?.frame({ type: 'ack', clientId: 'client-1', message: message('client-1'), duplicate: false });
    await expect(sent).resolves.toEqual(message('client-1'));
    const refused = transport.send(SESSION, 'client-2', { type: 'text', text: '再见' });
    sockets[0]?.frame({ type: 'error', clientId: 'client-2', code: 40000, errMsg: '咨询已结束' });
    await expect(refused).rejects.toMatchObject({ code: 40000, errMsg: '咨询已结束' });
  });

  it('passes pushed messages on and fails a send whose ack does not come', async () => {
    const { transport, sockets } = setup();
    const pushed: ChatMessage[] = [];
    transport.onMessage((m) => pushed.push(m));
    const connected = transport.connect(SIG);
    sockets[0]?.open();
    await connected;
    sockets[0]?.frame({ type: 'message', message: message('peer-1') });
    sockets[0]?.frame('not a frame');
    expect(pushed).toEqual([message('peer-1')]);
    await expect(transport.send(SESSION, 'client-3', { type: 'text', text: '在吗' })).rejects.toMatchObject({
      code: CHAT_NETWORK_CODE,
      errMsg: '请检查您的网络设置',
    });
  });

  it('fails the sends in flight when the connection drops, and refuses sends while closed', async () => {
    const { transport, sockets, statuses } = setup();
    const connected = transport.connect(SIG);
    sockets[0]?.open();
    await connected;
    const inFlight = transport.send(SESSION, 'client-4', { type: 'text', text: '一' });
    sockets[0]?.serverClose(1006);
    await expect(inFlight).rejects.toMatchObject({ code: CHAT_NETWORK_CODE });
    await expect(transport.send(SESSION, 'client-5', { type: 'text', text: '二' })).rejects.toMatchObject({
      code: CHAT_NETWORK_CODE,
    });
    expect(statuses.at(-1)).toBe('closed');
  });

  it('tells the kick (close code 4409) and rejects a connect the server closes before it opens', async () => {
    const { transport, sockets } = setup();
    const kicked = vi.fn();
    transport.onKicked(kicked);
    const first = transport.connect(SIG);
    sockets[0]?.open();
    await first;
    sockets[0]?.serverClose(4409);
    expect(kicked).toHaveBeenCalledTimes(1);
    const second = transport.connect(SIG);
    sockets[1]?.serverClose(4401);
    await expect(second).rejects.toMatchObject({ code: CHAT_NETWORK_CODE });
    expect(kicked).toHaveBeenCalledTimes(1);
  });
});
