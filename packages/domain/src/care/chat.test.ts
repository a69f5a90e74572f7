import { describe, expect, it } from 'vitest';
import {
  CHAT_CUSTOM_KINDS,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGES,
  CHAT_SEND_THROTTLE_MS,
  CHAT_SOCKET_SEND_BURST,
  CHAT_TEXT_MAX,
  chatMessageSummary,
  chatSendAllowed,
  freshChatSendBudget,
  isChatClientId,
  isChatMediaPath,
  takeChatSend,
  validateClientChatMessage,
} from './chat';
import { CONSULT_MESSAGES } from './labels';
import { unreadBadge } from '../shared/display';

const running = 2;

describe('chat constants', () => {
  it('follow the spec: history 10, throttle 1 s, text 500', () => {
    expect(CHAT_HISTORY_PAGE_SIZE).toBe(10);
    expect(CHAT_SEND_THROTTLE_MS).toBe(1000);
    expect(CHAT_TEXT_MAX).toBe(500);
  });

  it('lists every custom kind the spec names', () => {
    for (const kind of [
      'startConsult',
      'waitConsult',
      'approveConsult',
      'end-consult',
      'cancel',
      'prescription',
      'proposal',
    ]) {
      expect(CHAT_CUSTOM_KINDS).toContain(kind);
    }
  });

  it('caps the unread count at 99 in display', () => {
    expect([0, 1, 99, 100, 1234].map(unreadBadge)).toEqual(['', '1', '99', '99+', '99+']);
  });
});

describe('validateClientChatMessage', () => {
  const text = (value: string, status = running) =>
    validateClientChatMessage({ payload: { type: 'text', text: value }, status });

  it('accepts a text up to 500 characters (emoji count as one)', () => {
    expect(text('你好').ok).toBe(true);
    expect(text('😀'.repeat(500)).ok).toBe(true);
  });

  it('refuses a blank or too long text with the spec words', () => {
    expect(text('  \n')).toEqual({ ok: false, field: 'text', message: CONSULT_MESSAGES.chatEmpty });
    expect(text('字'.repeat(501))).toMatchObject({ ok: false, field: 'text' });
  });

  it('refuses any message outside a running consultation', () => {
    for (const status of [0, 1, 3, 4]) {
      expect(text('你好', status)).toEqual({ ok: false, field: 'status', message: CONSULT_MESSAGES.consultEnded });
    }
  });

  it('accepts an image or voice clip only from our chat uploads', () => {
    const image = (url: string) => validateClientChatMessage({ payload: { type: 'image', url }, status: running });
    expect(image('uploads/276/abc_1.jpg').ok).toBe(true);
    expect(image('https://evil.example/x.jpg')).toMatchObject({ ok: false, message: CHAT_MESSAGES.mediaInvalid });
    expect(image('uploads/276/../x.jpg').ok).toBe(false);
    expect(image('uploads/273/abc_1.jpg')).toMatchObject({ ok: false, message: CHAT_MESSAGES.mediaInvalid });
    const voice = (seconds: number) =>
      validateClientChatMessage({ payload: { type: 'voice', url: 'uploads/275/v.webm', seconds }, status: running });
    expect(voice(1).ok).toBe(true);
    expect(voice(60).ok).toBe(true);
    expect(voice(0)).toMatchObject({ ok: false, field: 'seconds' });
    expect(voice(61)).toMatchObject({ ok: false, field: 'seconds' });
    expect(voice(1.5).ok).toBe(false);
  });

  it('refuses custom messages from a client (the server posts them)', () => {
    expect(
      validateClientChatMessage({
        payload: { type: 'custom', data: 'approveConsult', description: '', extension: '' },
        status: running,
      }),
    ).toEqual({ ok: false, field: 'type', message: CHAT_MESSAGES.typeRefused });
  });
});

describe('client ids and media paths', () => {
  it.each([
    ['abcdefgh', true],
    ['c_01J5Z-x_9'.padEnd(64, 'a'), true],
    ['short', false],
    ['a'.repeat(65), false],
    ['has space1', false],
    [42, false],
  ])('isChatClientId(%j) is %s', (value, expected) => {
    expect(isChatClientId(value)).toBe(expected);
  });

  it('knows our upload paths', () => {
    expect(isChatMediaPath('uploads/276/a.png')).toBe(true);
    expect(isChatMediaPath('/uploads/276/a.png')).toBe(false);
    // Public folders are not the chat's: a message points only at its members' private files.
    expect(isChatMediaPath('uploads/273/a.png')).toBe(false);
    expect(isChatMediaPath('uploads/274/a.png')).toBe(false);
    expect(isChatMediaPath('uploads/275/2026/11/26/0123456789abcdef0123456789abcdef.webm')).toBe(true);
    expect(isChatMediaPath('uploads/275/2026/11/x/a.webm')).toBe(false);
    expect(isChatMediaPath(undefined)).toBe(false);
  });
});

describe('chatMessageSummary', () => {
  it('cuts a text to 12 characters and names media', () => {
    expect(chatMessageSummary({ type: 'text', text: '一二三四五六七八九十一二三' })).toBe('一二三四五六七八九十一二…');
    expect(chatMessageSummary({ type: 'text', text: ' 好的 ' })).toBe('好的');
    expect(chatMessageSummary({ type: 'image', url: 'uploads/273/a.png' })).toBe('[图片]');
    expect(chatMessageSummary({ type: 'voice', url: 'uploads/273/a.webm', seconds: 3 })).toBe('[语音]');
    expect(chatMessageSummary({ type: 'custom', data: 'end-consult', description: '咨询已结束', extension: '' })).toBe(
      '咨询已结束',
    );
  });
});

describe('chatSendAllowed', () => {
  it('lets a send through only 1 s after the last one', () => {
    expect(chatSendAllowed(undefined, 5)).toBe(true);
    expect(chatSendAllowed(1000, 1999)).toBe(false);
    expect(chatSendAllowed(1000, 2000)).toBe(true);
  });
});

describe('takeChatSend (the socket send limit)', () => {
  it('allows a burst of 10, then one send per second', () => {
    let budget = freshChatSendBudget(0);
    const burst: boolean[] = [];
    for (let i = 0; i < CHAT_SOCKET_SEND_BURST + 1; i += 1) {
      const taken = takeChatSend(budget, 0);
      burst.push(taken.allowed);
      budget = taken.budget;
    }
    expect(burst).toEqual([...Array<boolean>(CHAT_SOCKET_SEND_BURST).fill(true), false]);
    expect(takeChatSend(budget, 999).allowed).toBe(false);
    const afterOneSecond = takeChatSend(budget, 1000);
    expect(afterOneSecond.allowed).toBe(true);
    expect(takeChatSend(afterOneSecond.budget, 1500).allowed).toBe(false);
  });

  it('refills to the burst at most, however long the connection was quiet', () => {
    let budget = takeChatSend(freshChatSendBudget(0), 0).budget;
    budget = { ...budget, at: 0 };
    let allowed = 0;
    for (let i = 0; i < 20; i += 1) {
      const taken = takeChatSend(budget, 3_600_000);
      allowed += taken.allowed ? 1 : 0;
      budget = taken.budget;
    }
    expect(allowed).toBe(CHAT_SOCKET_SEND_BURST);
  });

  it('does not refill when the clock steps back', () => {
    const empty = { tokens: 0, at: 5000 };
    expect(takeChatSend(empty, 1000).allowed).toBe(false);
  });
});
