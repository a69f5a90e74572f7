import { describe, expect, it } from 'vitest';
import { readingWhen } from './readingWhen';

// 2026-11-20 10:00 China time.
const now = new Date('2026-11-20T02:00:00Z');

describe('readingWhen', () => {
  it.each([
    ['2026-11-20 07:30:00', '今天 07:30'],
    ['2026-11-20 00:05', '今天 00:05'],
    ['2026-11-19 21:00:00', '昨天 21:00'],
    ['2026-11-18 08:00:00', '11月18日 08:00'],
    ['2026-01-02 06:40:00', '1月2日 06:40'],
    ['2025-11-18 08:00:00', '2025年11月18日'],
    ['not a time', 'not a time'],
  ])('says %s as %s', (createTime, text) => {
    expect(readingWhen(createTime, now)).toBe(text);
  });

  it('counts days in China time, not the server zone (00:30 Beijing is already the next day)', () => {
    expect(readingWhen('2026-11-20 00:30:00', new Date('2026-11-19T16:40:00Z'))).toBe('今天 00:30');
  });
});
