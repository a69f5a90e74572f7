import { describe, expect, it } from 'vitest';
import { MONITOR_SLOT_STATE_LABELS, monitorSlotState } from './monitorView';

describe('monitorSlotState', () => {
  it.each([
    [0, false, '2026-11-25', 'none'],
    [0, true, '2026-11-25', 'none'],
    [1, true, '2026-11-25', 'done'],
    [1, true, '2026-11-27', 'done'],
    [1, false, '2026-11-25', 'missed'],
    [1, false, '2026-11-26', 'pending'],
    [1, false, '2026-11-27', 'pending'],
  ] as const)('flag %s, done %s on %s (today 2026-11-26) is %s', (monitorFlag, done, date, state) => {
    expect(monitorSlotState({ monitorFlag, done }, date, '2026-11-26')).toBe(state);
  });

  it('gives every planned state a mark and a word', () => {
    expect(Object.values(MONITOR_SLOT_STATE_LABELS).map((l) => `${l.mark}${l.word}`)).toEqual([
      '✓已测',
      '○待测',
      '✗未测',
    ]);
  });
});
