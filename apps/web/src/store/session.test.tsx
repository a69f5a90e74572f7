import { describe, expect, it } from 'vitest';
import { SOURCE_ID_STORAGE_KEY, isRegistered, resolveSourceId } from './session';
import type { SessionCustomer } from './session';

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
  const customer: SessionCustomer = { cid: '1', nickname: '张三', headimgurl: null, sex: 1, userType: 1, ratio: 50 };

  it('is true only for userType 1', () => {
    expect(isRegistered(customer)).toBe(true);
    expect(isRegistered({ ...customer, userType: 0 })).toBe(false);
    expect(isRegistered(null)).toBe(false);
  });
});
