import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SUGAR_COUNT_ORDER,
  formatSugar,
  classifySugar,
  clampSugar,
  feedSugarBand,
  formatSugarDayCell,
  parseSugarDayCell,
  resolveSugarRange,
  sugarRangeResolver,
  SUGAR_DAY_COLUMNS,
  SUGAR_LEVELS,
  SUGAR_MAX,
  SUGAR_MIN,
  SUGAR_TIME_TYPES,
  sugarBand,
  sugarCellColour,
  summariseSugar,
  timeTypeAt,
  SUGAR_CHART_SLOTS,
  SUGAR_TAG_OPTIONS,
  sugarReminder,
  isUrgentSugar,
} from './sugar';
import { roundTo } from '../shared/numbers';
import type { SugarDictionaryEntry, SugarRange } from './sugar';

const FASTING: SugarRange = { minValue: 3.9, lowValue: 4.4, highValue: 7.0, maxValue: 10.0 };

describe('clampSugar', () => {
  it.each([
    [0, 0.3, '血糖不能低于0.3'],
    [0.29, 0.3, '血糖不能低于0.3'],
    [0.3, 0.3, null],
    [5.66, 5.7, null],
    ['6.04', 6, null],
    [33.3, 33.3, null],
    [33.31, 33.3, '血糖不能高于33.3'],
    [50, 33.3, '血糖不能高于33.3'],
  ])('turns %j into %s with message %j', (input, value, message) => {
    expect(clampSugar(input)).toEqual({ value, message });
  });

  it('returns null for input that is not a number', () => {
    expect(clampSugar('')).toBeNull();
    expect(clampSugar(Number.NaN)).toBeNull();
  });

  it('is idempotent and always lands within 0.3–33.3 with one decimal', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 100, noNaN: true }), (x) => {
        const once = clampSugar(x);
        const twice = once && clampSugar(once.value);
        expect(twice).toEqual({ value: once?.value, message: null });
        expect(once?.value).toBeGreaterThanOrEqual(SUGAR_MIN);
        expect(once?.value).toBeLessThanOrEqual(SUGAR_MAX);
        expect(roundTo(once?.value ?? 0, 1)).toBe(once?.value);
      }),
    );
  });
});

describe('sugar time types', () => {
  it('has the eight slots in the day-table order, after dtime', () => {
    expect(SUGAR_TIME_TYPES).toHaveLength(8);
    expect(SUGAR_DAY_COLUMNS).toEqual([
      'dtime',
      'emptyStomach',
      'afterBreakfast',
      'antePrandium',
      'afterLunch',
      'beforeDinner',
      'afterDinner',
      'atBedtime',
      'beforeDawn',
    ]);
  });
});

describe('timeTypeAt', () => {
  const dictionary: SugarDictionaryEntry[] = [
    { timeType: 8, startTime: '00:00', endTime: '05:00', ...FASTING },
    { timeType: 1, startTime: '05:00', endTime: '09:00', ...FASTING },
    { timeType: 2, startTime: '09:00', endTime: '11:00', ...FASTING },
    { timeType: 7, startTime: '21:00', endTime: '23:59', ...FASTING },
  ];
  // China 2026-03-10 at hh:mm = UTC the same day at hh-8.
  const at = (hh: number, mm = 0): number => Date.UTC(2026, 2, 10, hh - 8, mm);

  it.each([
    [at(4, 59), 8],
    [at(5, 0), 1],
    [at(8, 59), 1],
    [at(9, 0), 2],
    [at(23, 59) + 30_000, 7],
    [at(12, 0), undefined],
  ])('puts China time %s in slot %s', (instant, expected) => {
    expect(timeTypeAt(instant, dictionary)).toBe(expected);
  });

  it('handles a slot that wraps past midnight and skips unreadable clocks', () => {
    const wrapping: SugarDictionaryEntry[] = [
      { timeType: 0, startTime: 'noon', endTime: '13:00', ...FASTING },
      { timeType: 7, startTime: '22:00:00', endTime: '03:00:00', ...FASTING },
    ];
    expect(timeTypeAt(at(23), wrapping)).toBe(7);
    expect(timeTypeAt(at(2), wrapping)).toBe(7);
    expect(timeTypeAt(at(3), wrapping)).toBeUndefined();
  });

  it('reads the clock in China time, not UTC', () => {
    // 21:30 UTC is 05:30 the next day in China: fasting, not bedtime.
    expect(timeTypeAt(Date.UTC(2026, 2, 10, 21, 30), dictionary)).toBe(1);
  });
});

describe('classifySugar', () => {
  it.each([
    [3.8, 'seriousLow', 'low', 'yellow'],
    [3.9, 'low', 'low', 'yellow'],
    [4.3, 'low', 'low', 'yellow'],
    [4.4, 'normal', 'normal', 'green'],
    [7.0, 'normal', 'normal', 'green'],
    [7.1, 'high', 'high', 'red'],
    [10.0, 'high', 'high', 'red'],
    [10.1, 'seriousHigh', 'high', 'red'],
  ] as const)('classes %d as %s (feed %s, cell %s)', (value, level, band, colour) => {
    expect(classifySugar(value, FASTING)).toBe(level);
    expect(feedSugarBand(value, FASTING)).toBe(band);
    expect(sugarCellColour(value, FASTING)).toBe(colour);
    expect(sugarBand(level)).toBe(band);
  });

  it('is monotone in the value for any ascending thresholds', () => {
    const thresholds = fc
      .uniqueArray(fc.integer({ min: 3, max: 332 }), { minLength: 4, maxLength: 4 })
      .map((xs) => xs.sort((a, b) => a - b).map((x) => x / 10));
    fc.assert(
      fc.property(
        thresholds,
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        ([a = 0, b = 0, c = 0, d = 0], x, y) => {
          const range = { minValue: a, lowValue: b, highValue: c, maxValue: d };
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          expect(SUGAR_LEVELS.indexOf(classifySugar(lo, range))).toBeLessThanOrEqual(
            SUGAR_LEVELS.indexOf(classifySugar(hi, range)),
          );
        },
      ),
    );
  });
});

describe('resolveSugarRange', () => {
  const dictionary: SugarDictionaryEntry[] = [{ timeType: 1, startTime: '05:00', endTime: '09:00', ...FASTING }];

  it('uses the user’s own targets in place of the defaults', () => {
    const own = { timeType: 1, minValue: 3, lowValue: 4, highValue: 6, maxValue: 9 };
    expect(resolveSugarRange(1, dictionary, [own])).toEqual({ minValue: 3, lowValue: 4, highValue: 6, maxValue: 9 });
  });

  it('falls back to the dictionary, and to undefined for an unknown slot', () => {
    expect(resolveSugarRange(1, dictionary)).toEqual(FASTING);
    expect(resolveSugarRange(5, dictionary)).toBeUndefined();
  });
});

describe('sugarRangeResolver', () => {
  const dictionary: SugarDictionaryEntry[] = [
    { timeType: 1, startTime: '05:00', endTime: '09:00', ...FASTING },
    { timeType: 2, startTime: '09:00', endTime: '11:00', minValue: 3.9, lowValue: 4.4, highValue: 10, maxValue: 13.9 },
  ];
  const own = { timeType: 1, minValue: 3, lowValue: 4, highValue: 6, maxValue: 9 };

  it('answers as resolveSugarRange does for every time type, known or not', () => {
    const range = sugarRangeResolver(dictionary, [own]);
    for (const timeType of [1, 2, 5, 1, 2, 5]) {
      expect(range(timeType)).toEqual(resolveSugarRange(timeType, dictionary, [own]));
    }
    expect(range(1)).toEqual({ minValue: 3, lowValue: 4, highValue: 6, maxValue: 9 });
    expect(range(5)).toBeUndefined();
  });

  it('settles each time type once and hands out the same thresholds after', () => {
    const range = sugarRangeResolver(dictionary);
    expect(range(2)).toBe(range(2));
    expect(range(2)).toEqual({ minValue: 3.9, lowValue: 4.4, highValue: 10, maxValue: 13.9 });
  });
});

describe('day-table cells', () => {
  it.each([
    ['6.1,1', { value: 6.1, count: 1, multiple: false }],
    ['7.5,3', { value: 7.5, count: 3, multiple: true }],
    ['0,0', null],
    ['0,2', null],
    ['5.5', null],
    ['5.5,', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('parses %j as %j', (cell, expected) => {
    expect(parseSugarDayCell(cell)).toEqual(expected);
  });

  it('formats back to the wire form', () => {
    expect(formatSugarDayCell({ value: 7.5, count: 3, multiple: true })).toBe('7.5,3');
    expect(formatSugarDayCell(null)).toBe('');
  });

  it('round-trips any shown cell', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 333 }), fc.integer({ min: 1, max: 20 }), (tenths, count) => {
        const cell = `${tenths / 10},${count}`;
        expect(formatSugarDayCell(parseSugarDayCell(cell))).toBe(cell);
      }),
    );
  });
});

describe('summariseSugar', () => {
  it('gives min and max to 1 decimal and the average to 2', () => {
    expect(summariseSugar([5.55, 7.04, 6.2])).toEqual({ min: 5.6, max: 7, avg: 6.26 });
  });

  it('gives nothing for an empty series', () => {
    expect(summariseSugar([])).toBeNull();
  });
});

describe('SUGAR_CHART_SLOTS', () => {
  it('maps fasting to slot 1, before meals to lunch and dinner, after meals to the three meals', () => {
    expect(SUGAR_CHART_SLOTS[1]).toEqual([1]);
    expect(SUGAR_CHART_SLOTS[2]).toEqual([3, 5]);
    expect(SUGAR_CHART_SLOTS[3]).toEqual([2, 4, 6]);
  });
});

describe('SUGAR_TAG_OPTIONS', () => {
  it.each([
    ['diet', ['无', '五分饱', '七分饱', '十分饱']],
    ['pharmacy', ['无', '忘记服药', '口服药', '胰岛素']],
    ['sport', ['无', '低强度', '中强度', '高强度']],
  ] as const)('offers none and the three levels of %s the spec lists', (type, items) => {
    expect(SUGAR_TAG_OPTIONS[type].items).toEqual(items);
  });
});

describe('sugarReminder', () => {
  it('has a distinct tip for each level and never names a dose', () => {
    const tips = SUGAR_LEVELS.map(sugarReminder);
    expect(new Set(tips).size).toBe(5);
    for (const tip of tips) {
      expect(tip).not.toMatch(/单位|毫克|mg|剂量|加量|减量/);
    }
    expect(sugarReminder('seriousLow')).toContain('含糖食物');
  });
});

describe('isUrgentSugar', () => {
  it.each([
    ['seriousHigh', true],
    ['seriousLow', true],
    ['high', false],
    ['low', false],
    ['normal', false],
    [null, false],
  ] as const)('sugar level %s urgent: %s', (level, urgent) => {
    expect(isUrgentSugar(level)).toBe(urgent);
  });
});

describe('formatSugar', () => {
  it.each([
    [7, '7.0'],
    [7.0, '7.0'],
    [6.5, '6.5'],
    [12.34, '12.3'],
    [0.3, '0.3'],
    [33.3, '33.3'],
    [5.96, '6.0'],
  ])('shows %d mmol/L as %s', (value, shown) => {
    expect(formatSugar(value)).toBe(shown);
  });

  it('always shows exactly one decimal', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.3, max: 33.3, noNaN: true }), (value) => {
        expect(formatSugar(value)).toMatch(/^\d+\.\d$/);
      }),
    );
  });
});

describe('SUGAR_COUNT_ORDER', () => {
  it("lists the five levels once each, in the spec's order", () => {
    expect(SUGAR_COUNT_ORDER).toEqual(['normal', 'high', 'low', 'seriousHigh', 'seriousLow']);
  });
});
