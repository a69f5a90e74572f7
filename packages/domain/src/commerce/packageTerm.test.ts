import { describe, expect, it } from 'vitest';
import { SERVICE_PACKAGE_STATE, extendTerm, formatTermEnd, termState } from './packageTerm';

const at = (iso: string) => new Date(iso);

describe('extendTerm', () => {
  it.each([
    ['never opened: from the purchase', null, '2026-03-10T02:00:00Z', 12, '2027-03-10T02:00:00.000Z'],
    [
      'still running: from its end, no day lost',
      '2026-06-01T00:00:00Z',
      '2026-03-10T02:00:00Z',
      1,
      '2026-07-01T00:00:00.000Z',
    ],
    [
      'already expired: from the purchase',
      '2026-01-01T00:00:00Z',
      '2026-03-10T02:00:00Z',
      3,
      '2026-06-10T02:00:00.000Z',
    ],
    [
      'ending exactly now counts as expired',
      '2026-03-10T02:00:00Z',
      '2026-03-10T02:00:00Z',
      1,
      '2026-04-10T02:00:00.000Z',
    ],
    [
      'month end in China time: 31 Jan + 1 month is the last of February',
      '2026-01-30T16:00:00Z',
      '2026-01-01T00:00:00Z',
      1,
      '2026-02-27T16:00:00.000Z',
    ],
    ['no months changes nothing but the start', null, '2026-03-10T02:00:00Z', 0, '2026-03-10T02:00:00.000Z'],
  ])('%s', (_name, current, now, months, expected) => {
    expect(extendTerm(current === null ? null : at(current), at(now), months).toISOString()).toBe(expected);
  });
});

describe('termState', () => {
  it.each([
    [null, SERVICE_PACKAGE_STATE.none],
    [undefined, SERVICE_PACKAGE_STATE.none],
    ['2026-03-10T02:00:01Z', SERVICE_PACKAGE_STATE.active],
    ['2026-03-10T02:00:00Z', SERVICE_PACKAGE_STATE.expired],
    ['2025-01-01T00:00:00Z', SERVICE_PACKAGE_STATE.expired],
  ])('a term ending %s is in state %s', (end, state) => {
    expect(termState(typeof end === 'string' ? at(end) : end, at('2026-03-10T02:00:00Z'))).toBe(state);
  });
});

describe('formatTermEnd', () => {
  it('shows the China date', () => {
    expect(formatTermEnd(at('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });
});
