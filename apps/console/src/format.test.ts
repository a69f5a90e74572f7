import { describe, expect, it } from 'vitest';
import { formatTime } from './format';

describe('formatTime', () => {
  it('words a time in China time whatever the time zone the tests run in', () => {
    // 11:05 UTC is 19:05 in China; the same instant just before midnight UTC is the next China day.
    expect(formatTime('2026-07-02T11:05:00.000Z')).toBe('2026/7/2 19:05:00');
    expect(formatTime('2026-11-26T23:30:00Z')).toBe('2026/11/27 07:30:00');
  });

  it('reads a China wall time without a zone (as prescriptions carry) as China time, not the browser’s', () => {
    expect(formatTime('2026-11-26 16:00:00')).toBe('2026/11/26 16:00:00');
    expect(formatTime('2026-11-26T08:30')).toBe('2026/11/26 08:30:00');
  });

  it('shows — when there is no time, and an unreadable one as it came', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
    expect(formatTime('昨天')).toBe('昨天');
  });
});
