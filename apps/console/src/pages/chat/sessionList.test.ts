import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@glucoguard/ui/chat';
import { sessionsAfterMessage, type ConsoleChatSession } from './sessionList';

const session = (sessionId: string, unreadCount: number): ConsoleChatSession => ({
  sessionId,
  sessionType: 1,
  status: 2,
  patient: { imUserId: `c_${sessionId}`, customerId: sessionId, nickname: '张建国', headimgurl: '' },
  lastMessage: { summary: '早', time: 1, from: `c_${sessionId}` },
  unreadCount,
  createdAt: '2026-11-26T00:00:00.000Z',
});

const message = (sessionId: string, from: string, payload: ChatMessage['payload']): ChatMessage => ({
  id: `m-${sessionId}`,
  sessionId,
  from,
  clientId: 'client-0001',
  time: 5000,
  payload,
});

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('sessionsAfterMessage', () => {
  it("moves a patient's message's session to the top, summarised, one more unread", () => {
    const after = sessionsAfterMessage(
      [session(A, 0), session(B, 2)],
      message(B, `c_${B}`, { type: 'image', url: 'uploads/273/a.png' }),
      A,
    );
    expect(after?.map((s) => [s.sessionId, s.unreadCount, s.lastMessage?.summary])).toEqual([
      [B, 3, '[图片]'],
      [A, 0, '早'],
    ]);
  });

  it('counts nothing unread in the open session or for the doctor’s own message', () => {
    const open = sessionsAfterMessage([session(A, 0)], message(A, `c_${A}`, { type: 'text', text: '谢谢医生' }), A);
    expect(open?.[0]?.unreadCount).toBe(0);
    const own = sessionsAfterMessage([session(A, 1)], message(A, 's_doctor', { type: 'text', text: '不客气' }), null);
    expect(own?.[0]).toMatchObject({ unreadCount: 1, lastMessage: { summary: '不客气', from: 's_doctor' } });
  });

  it('answers null for a session the list does not hold yet', () => {
    expect(sessionsAfterMessage([session(A, 0)], message(B, `c_${B}`, { type: 'text', text: '你好' }), A)).toBeNull();
  });
});
