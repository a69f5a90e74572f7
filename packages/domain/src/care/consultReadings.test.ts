import { describe, expect, it } from 'vitest';
import {
  CONSULT_READINGS_LOOKBACK_DAYS,
  CONSULT_READINGS_MESSAGES,
  consultReadingsAccess,
  consultSummarySpan,
} from './consultReadings';

const DAY = 86_400_000;
const accepted = new Date('2026-11-20T02:00:00Z');
const now = new Date('2026-11-26T10:00:00Z');

describe('consultReadingsAccess', () => {
  it('refuses before the doctor accepts (to consult, waiting)', () => {
    for (const status of [1, 3]) {
      expect(consultReadingsAccess({ status, acceptedAt: null, endedAt: null }, now)).toEqual({
        allowed: false,
        message: CONSULT_READINGS_MESSAGES.notAccepted,
      });
    }
  });

  it('refuses a cancelled consultation, even one that had been accepted', () => {
    expect(consultReadingsAccess({ status: 4, acceptedAt: accepted, endedAt: now }, now)).toEqual({
      allowed: false,
      message: CONSULT_READINGS_MESSAGES.cancelled,
    });
  });

  it('refuses a finished consultation that was never accepted', () => {
    expect(consultReadingsAccess({ status: 0, acceptedAt: null, endedAt: now }, now).allowed).toBe(false);
  });

  it('opens a running consultation from a month before the acceptance up to now', () => {
    expect(consultReadingsAccess({ status: 2, acceptedAt: accepted, endedAt: null }, now)).toEqual({
      allowed: true,
      from: new Date(accepted.getTime() - CONSULT_READINGS_LOOKBACK_DAYS * DAY),
      to: now,
      finished: false,
    });
  });

  it('freezes a finished consultation at its end', () => {
    const ended = new Date('2026-11-22T08:00:00Z');
    const access = consultReadingsAccess({ status: 0, acceptedAt: accepted, endedAt: ended }, now);
    expect(access).toEqual({
      allowed: true,
      from: new Date(accepted.getTime() - CONSULT_READINGS_LOOKBACK_DAYS * DAY),
      to: ended,
      finished: true,
    });
  });

  it('never ends the window after now (an interval service whose planned end is still ahead)', () => {
    const later = new Date(now.getTime() + 5 * DAY);
    const access = consultReadingsAccess({ status: 0, acceptedAt: accepted, endedAt: later }, now);
    expect(access.allowed && access.to).toEqual(now);
  });
});

describe('consultSummarySpan', () => {
  it('is the last days of the window', () => {
    const window = { from: new Date(now.getTime() - 40 * DAY), to: now };
    expect(consultSummarySpan(window, 7)).toEqual({ from: new Date(now.getTime() - 7 * DAY), to: now });
  });

  it('never starts before the window', () => {
    const window = { from: new Date(now.getTime() - 3 * DAY), to: now };
    expect(consultSummarySpan(window, 30)).toEqual(window);
  });
});
