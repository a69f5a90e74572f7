import { describe, expect, it } from 'vitest';
import { ChatHub, KICKED_CLOSE_CODE, type ChatConnection, type ChatLogin } from './chat.hub';

function connection() {
  const sent: string[] = [];
  const closes: number[] = [];
  const conn: ChatConnection = { send: (data) => void sent.push(data), close: (code) => void closes.push(code ?? 0) };
  return { conn, sent, closes };
}

const login = (connectionId: string, openedAt: number): ChatLogin => ({ imUserId: 'c_x', connectionId, openedAt });

describe('ChatHub.kickOthers', () => {
  it('kicks only connections opened before the login, whatever order the logins arrive in', () => {
    const hub = new ChatHub();
    const old = connection();
    const newer = connection();
    hub.add(login('a', 100), old.conn);
    hub.add(login('b', 200), newer.conn);
    // The older login's announcement arrives last: it kicks nobody.
    hub.kickOthers(login('b', 200), '别处登录');
    hub.kickOthers(login('a', 100), '别处登录');
    expect(old.closes).toEqual([KICKED_CLOSE_CODE]);
    expect(JSON.parse(old.sent[0]!)).toEqual({ type: 'kicked', errMsg: '别处登录' });
    expect(newer.closes).toEqual([]);
    hub.deliver({
      members: ['c_x'],
      message: {
        id: '1',
        sessionId: 's',
        from: 'c_y',
        clientId: 'k',
        payload: { type: 'text', text: '在吗' },
        time: 1,
      },
    });
    expect(newer.sent).toHaveLength(1);
    expect(old.sent).toHaveLength(1);
  });

  it('breaks a tie in the same millisecond by connection id, the same way in every process', () => {
    const hub = new ChatHub();
    const x = connection();
    const y = connection();
    hub.add(login('x', 100), x.conn);
    hub.add(login('y', 100), y.conn);
    hub.kickOthers(login('x', 100), '别处登录');
    hub.kickOthers(login('y', 100), '别处登录');
    expect(x.closes).toEqual([KICKED_CLOSE_CODE]);
    expect(y.closes).toEqual([]);
  });
});
