import { describe, expect, it } from 'vitest';
import {
  SOURCE_ID_STORAGE_KEY,
  imageUrl,
  isRegistered,
  readStoredSession,
  resolveSourceId,
  SESSION_STORAGE_KEY,
} from './session';

describe('resolveSourceId', () => {
  it('takes a known sourceId from the address and remembers it for the session', () => {
    expect(resolveSourceId('?sourceId=3&isToAI=1', sessionStorage)).toBe(3);
    expect(sessionStorage.getItem(SOURCE_ID_STORAGE_KEY)).toBe('3');
  });

  it('falls back to the remembered id when the address has none', () => {
    sessionStorage.setItem(SOURCE_ID_STORAGE_KEY, '3');
    expect(resolveSourceId('', sessionStorage)).toBe(3);
  });

  it('lets a new address id replace the remembered one', () => {
    sessionStorage.setItem(SOURCE_ID_STORAGE_KEY, '3');
    expect(resolveSourceId('?sourceId=4', sessionStorage)).toBe(4);
    expect(sessionStorage.getItem(SOURCE_ID_STORAGE_KEY)).toBe('4');
  });

  it('defaults to 4 and ignores unknown ids', () => {
    expect(resolveSourceId('', sessionStorage)).toBe(4);
    expect(resolveSourceId('?sourceId=9', sessionStorage)).toBe(4);
    sessionStorage.setItem(SOURCE_ID_STORAGE_KEY, 'abc');
    expect(resolveSourceId('', sessionStorage)).toBe(4);
  });

  it('works without storage', () => {
    expect(resolveSourceId('?sourceId=3', null)).toBe(3);
    expect(resolveSourceId('', null)).toBe(4);
  });
});

describe('isRegistered', () => {
  it('is true only for userType 1', () => {
    expect(isRegistered({ userType: 1 })).toBe(true);
    expect(isRegistered({ userType: 0 })).toBe(false);
    expect(isRegistered(null)).toBe(false);
  });
});

describe('readStoredSession', () => {
  const stored = {
    token: 't',
    expiresAt: '2030-01-01T00:00:00.000Z',
    renewAt: 1,
    identity: { openid: 'o', unionid: null, nickname: 'n', headimgurl: '', sex: 0 },
    imgDomain: '/api/files/',
  };

  it('returns a well-formed session that has not expired', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    expect(readStoredSession(localStorage, Date.parse('2029-01-01'))).toEqual(stored);
    expect(readStoredSession(localStorage, Date.parse('2030-01-02'))).toBeNull();
  });

  it('ignores missing or broken values', () => {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    expect(readStoredSession(localStorage, 0)).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, '{oops');
    expect(readStoredSession(localStorage, 0)).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...stored, token: 1 }));
    expect(readStoredSession(localStorage, 0)).toBeNull();
    localStorage.removeItem(SESSION_STORAGE_KEY);
  });
});

describe('imageUrl', () => {
  it('prefixes stored paths with the image domain and keeps full addresses', () => {
    expect(imageUrl('press_a.jpg', '/api/files/')).toBe('/api/files/press_a.jpg');
    expect(imageUrl('https://x.example/a.png', '/api/files/')).toBe('https://x.example/a.png');
    expect(imageUrl('', '/api/files/')).toBeNull();
    expect(imageUrl(null, '/api/files/')).toBeNull();
  });
});
