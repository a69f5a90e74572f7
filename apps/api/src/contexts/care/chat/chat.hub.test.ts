import { describe, expect, it } from 'vitest';
import { ACCESS_ENDED_CLOSE_CODE, ChatHub, KICKED_CLOSE_CODE, type ChatConnection, type ChatLogin } from './chat.hub';

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

describe('ChatHub.end and per-member delivery', () => {
  const picture = {
    id: '2',
    sessionId: 's',
    from: 'c_p',
    clientId: 'img-0001',
    payload: { type: 'image' as const, url: 'uploads/276/a.png' },
    time: 2,
  };

  it('ends every connection of one identity, and only of that one', () => {
    const hub = new ChatHub();
    const doctor = connection();
    const doctorElsewhere = connection();
    const patient = connection();
    hub.add({ imUserId: 's_d', connectionId: 'a', openedAt: 1 }, doctor.conn);
    hub.add({ imUserId: 's_d', connectionId: 'b', openedAt: 2 }, doctorElsewhere.conn);
    hub.add({ imUserId: 'c_p', connectionId: 'c', openedAt: 3 }, patient.conn);
    hub.end('s_d', '账号已停用');
    expect(doctor.closes).toEqual([ACCESS_ENDED_CLOSE_CODE]);
    expect(doctorElsewhere.closes).toEqual([ACCESS_ENDED_CLOSE_CODE]);
    expect(JSON.parse(doctor.sent[0]!)).toEqual({ type: 'kicked', errMsg: '账号已停用' });
    expect(patient.closes).toEqual([]);
    // An ended identity receives nothing more.
    hub.deliver({ members: ['s_d', 'c_p'], message: picture });
    expect(doctor.sent).toHaveLength(1);
    expect(patient.sent).toHaveLength(1);
  });

  it('gives each member the message as the signer makes it for that member', () => {
    const hub = new ChatHub((viewer, message) => ({
      ...message,
      payload: { type: 'image', url: `${(message.payload as { url: string }).url}?cid=${viewer}` },
    }));
    const doctor = connection();
    const patient = connection();
    hub.add({ imUserId: 's_d', connectionId: 'a', openedAt: 1 }, doctor.conn);
    hub.add({ imUserId: 'c_p', connectionId: 'b', openedAt: 1 }, patient.conn);
    hub.deliver({ members: ['s_d', 'c_p'], message: picture });
    const urlOf = (sent: string[]) =>
      (JSON.parse(sent[0]!) as { message: { payload: { url: string } } }).message.payload.url;
    expect(urlOf(doctor.sent)).toBe('uploads/276/a.png?cid=s_d');
    expect(urlOf(patient.sent)).toBe('uploads/276/a.png?cid=c_p');
  });
});
