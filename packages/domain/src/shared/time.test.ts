import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  addChinaMonths,
  addMonths,
  chinaDateKey,
  chinaDayNumber,
  compareChinaTimeText,
  chinaDayRange,
  chinaListSpan,
  chinaMonthRange,
  chinaWeekRange,
  chinaYearMonth,
  compareYearMonth,
  formatChinaTime,
  inChina,
  latestChinaDays,
  msSinceChinaMidnight,
  parseChinaDateTime,
  startOfChinaDay,
} from './time';

// 2026-01-31 16:30 UTC is 2026-02-01 00:30 in Shanghai: the UTC date and the China date differ,
// so any rule that used the process time zone (UTC here, or New York) would give January.
const JUST_AFTER_CHINA_MIDNIGHT = Date.UTC(2026, 0, 31, 16, 30);

describe('China time boundaries', () => {
  it('puts an instant after China midnight on the China date, whatever the process time zone', () => {
    expect(chinaDateKey(JUST_AFTER_CHINA_MIDNIGHT)).toBe('2026-02-01');
    expect(new Date(JUST_AFTER_CHINA_MIDNIGHT).getUTCDate()).toBe(31);
    expect(chinaYearMonth(JUST_AFTER_CHINA_MIDNIGHT)).toEqual({ year: 2026, month: 2 });
  });

  it('starts the China day at 16:00 UTC of the day before', () => {
    expect(startOfChinaDay(JUST_AFTER_CHINA_MIDNIGHT).toISOString()).toBe('2026-01-31T16:00:00.000Z');
    const range = chinaDayRange(new Date(JUST_AFTER_CHINA_MIDNIGHT));
    expect(range.end.getTime() - range.start.getTime()).toBe(86_400_000);
  });

  it('starts weeks on Monday in China time', () => {
    // 2026-02-01 is a Sunday in China, so its week began on Monday 26 January.
    const week = chinaWeekRange(JUST_AFTER_CHINA_MIDNIGHT);
    expect(chinaDateKey(week.start)).toBe('2026-01-26');
    expect(week.start.toISOString()).toBe('2026-01-25T16:00:00.000Z');
    expect(chinaDateKey(week.end)).toBe('2026-02-02');
  });

  it('gives a month range from China midnight of the 1st to the next 1st', () => {
    const feb = chinaMonthRange({ year: 2026, month: 2 });
    expect(feb.start.toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(feb.end.toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('measures the time of day from China midnight', () => {
    expect(msSinceChinaMidnight(JUST_AFTER_CHINA_MIDNIGHT)).toBe(30 * 60_000);
  });

  it('covers the latest N China days including today', () => {
    const range = latestChinaDays(JUST_AFTER_CHINA_MIDNIGHT, 30);
    expect(chinaDateKey(range.start)).toBe('2026-01-03');
    expect(range.end.toISOString()).toBe('2026-02-01T16:00:00.000Z');
  });

  it('formats in China wall-clock time', () => {
    expect(formatChinaTime(JUST_AFTER_CHINA_MIDNIGHT)).toBe('2026-02-01 00:30:00');
    expect(formatChinaTime(JUST_AFTER_CHINA_MIDNIGHT, 'HH:mm')).toBe('00:30');
  });
});

describe('parseChinaDateTime', () => {
  it.each([
    ['2026-02-01', '2026-01-31T16:00:00.000Z'],
    ['2026-02-01 08:00', '2026-02-01T00:00:00.000Z'],
    ['2026-02-01 08:00:30', '2026-02-01T00:00:30.000Z'],
  ])('reads %s as China wall-clock time', (text, iso) => {
    expect(parseChinaDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each(['2026-02-30', '2026-13-01', 'yesterday', '2026/02/01', ''])('refuses %j', (text) => {
    expect(parseChinaDateTime(text)).toBeNull();
  });
});

describe('month arithmetic', () => {
  it.each([
    [{ year: 2026, month: 1 }, -1, { year: 2025, month: 12 }],
    [{ year: 2026, month: 12 }, 1, { year: 2027, month: 1 }],
    [{ year: 2017, month: 1 }, 0, { year: 2017, month: 1 }],
  ])('moves %j by %i months to %j', (from, delta, to) => {
    expect(addMonths(from, delta)).toEqual(to);
  });

  it('orders months', () => {
    expect(compareYearMonth({ year: 2026, month: 1 }, { year: 2025, month: 12 })).toBeGreaterThan(0);
    expect(compareYearMonth({ year: 2026, month: 1 }, { year: 2026, month: 1 })).toBe(0);
  });

  it('adds calendar months in China time, clamping to the month end', () => {
    const jan31 = parseChinaDateTime('2026-01-31') ?? new Date(Number.NaN);
    expect(chinaDateKey(addChinaMonths(jan31, 1))).toBe('2026-02-28');
  });
});

describe('China time under another process time zone', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('gives the same China date when the process runs in New York', () => {
    // Node re-reads TZ when it changes; the China result must not move with it.
    vi.stubEnv('TZ', 'America/New_York');
    expect(chinaDateKey(JUST_AFTER_CHINA_MIDNIGHT)).toBe('2026-02-01');
    expect(startOfChinaDay(JUST_AFTER_CHINA_MIDNIGHT).toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(chinaWeekRange(JUST_AFTER_CHINA_MIDNIGHT).start.toISOString()).toBe('2026-01-25T16:00:00.000Z');
  });
});

describe('chinaListSpan', () => {
  const iso = (span: ReturnType<typeof chinaListSpan>) =>
    'invalid' in span ? span : { start: span.start?.toISOString(), end: span.end?.toISOString() };
  it.each([
    ['2026-11-01', '2026-11-20', { start: '2026-10-31T16:00:00.000Z', end: '2026-11-20T16:00:00.000Z' }],
    [
      '2026-11-01 00:00:00',
      '2026-11-20 23:59:59',
      { start: '2026-10-31T16:00:00.000Z', end: '2026-11-20T16:00:00.000Z' },
    ],
    ['2026-11-01 08:30', '2026-11-01 09:15', { start: '2026-11-01T00:30:00.000Z', end: '2026-11-01T01:16:00.000Z' }],
    ['', '2026-11-20', { start: undefined, end: '2026-11-20T16:00:00.000Z' }],
    [undefined, null, { start: undefined, end: undefined }],
    ['2026-02-30', '2026-03-01', { invalid: 'start' }],
    ['2026-02-01', '20260301', { invalid: 'end' }],
  ] as const)('maps %j … %j to %j', (start, end, expected) => {
    expect(iso(chinaListSpan(start, end))).toEqual(expected);
  });
});

describe('formatChinaTime fast path', () => {
  it('agrees with the time-zone database across a year, every hour of the day and both patterns', () => {
    // Steps of 7 h 13 min 1 s walk through every hour and most minutes of the day over the year.
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += (7 * 3600 + 13 * 60 + 1) * 1000) {
      expect(formatChinaTime(ms)).toBe(inChina(ms).format('YYYY-MM-DD HH:mm:ss'));
      expect(chinaDateKey(ms)).toBe(inChina(ms).format('YYYY-MM-DD'));
    }
  });

  it('leaves instants of China’s summer-time years to the time-zone database', () => {
    // 1988-07-01 12:00 UTC was 21:00 in China under summer time (UTC+9).
    expect(formatChinaTime(Date.UTC(1988, 6, 1, 12))).toBe('1988-07-01 21:00:00');
  });
});

describe('compareChinaTimeText', () => {
  it('orders fixed-width dates and times oldest first', () => {
    expect(['2026-11-25 08:00:00', '2026-11-24 23:59:59', '2026-11-25 07:59:59'].sort(compareChinaTimeText)).toEqual([
      '2026-11-24 23:59:59',
      '2026-11-25 07:59:59',
      '2026-11-25 08:00:00',
    ]);
    expect(compareChinaTimeText('2026-11-25', '2026-11-25')).toBe(0);
  });
});

describe('chinaDayNumber', () => {
  it('numbers China days: one number per China date, one more for the next', () => {
    const midnight = Date.UTC(2026, 10, 24, 16); // 2026-11-25 00:00 in China
    expect(chinaDayNumber(midnight)).toBe(chinaDayNumber(midnight + 86_399_999));
    expect(chinaDayNumber(midnight - 1)).toBe(chinaDayNumber(midnight) - 1);
    expect(chinaDayNumber(midnight + 86_400_000)).toBe(chinaDayNumber(midnight) + 1);
    expect(new Date(chinaDayNumber(midnight) * 86_400_000).toISOString().slice(0, 10)).toBe('2026-11-25');
  });

  it('counts the days of China’s summer-time years by their China dates too', () => {
    // 1988-07-01 15:30 UTC was 00:30 on 2 July in China under summer time (UTC+9), 23:30 on 1 July at UTC+8.
    expect(new Date(chinaDayNumber(Date.UTC(1988, 6, 1, 15, 30)) * 86_400_000).toISOString().slice(0, 10)).toBe(
      '1988-07-02',
    );
    // Across the switch to the fixed offset, consecutive days still get consecutive numbers.
    expect(chinaDayNumber(Date.UTC(1992, 0, 1, 4)) - chinaDayNumber(Date.UTC(1991, 11, 31, 4))).toBe(1);
  });
});

describe('fixed-offset arithmetic agrees with the time-zone database', () => {
  // Any instant from 1992 to 2100: the reference is dayjs with the IANA Asia/Shanghai zone.
  const instant = fc.integer({ min: Date.UTC(1992, 0, 8), max: Date.UTC(2100, 0, 1) });
  const zone = (ms: number) => inChina(ms);

  it('for days, weeks, months and the time of day', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 400 }), (ms, days) => {
        const day = zone(ms).startOf('day');
        expect(startOfChinaDay(ms).getTime()).toBe(day.valueOf());
        expect(chinaDayRange(ms).end.getTime()).toBe(day.add(1, 'day').valueOf());
        expect(chinaWeekRange(ms).start.getTime()).toBe(day.subtract((day.day() + 6) % 7, 'day').valueOf());
        expect(chinaYearMonth(ms)).toEqual({ year: zone(ms).year(), month: zone(ms).month() + 1 });
        const ym = chinaYearMonth(ms);
        expect(chinaMonthRange(ym).end.getTime()).toBe(zone(ms).startOf('month').add(1, 'month').valueOf());
        expect(msSinceChinaMidnight(ms)).toBe(ms - day.valueOf());
        expect(latestChinaDays(ms, days).start.getTime()).toBe(day.subtract(days - 1, 'day').valueOf());
      }),
    );
  });

  it('for formatting with any pattern of the fast tokens', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom('YYYY-MM-DD HH:mm', 'HH:mm', 'MM-DD', 'YYYY年MM月DD日', 'MM/DD HH:mm:ss'),
        (ms, pattern) => {
          expect(formatChinaTime(ms, pattern)).toBe(zone(ms).format(pattern));
        },
      ),
    );
  });

  it('for parsing wall-clock text, and refuses what does not exist', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const text = zone(ms).format('YYYY-MM-DD HH:mm:ss');
        expect(parseChinaDateTime(text)?.getTime()).toBe(Math.floor(ms / 1000) * 1000);
        expect(parseChinaDateTime(text.slice(0, 10))?.getTime()).toBe(zone(ms).startOf('day').valueOf());
      }),
    );
    expect(parseChinaDateTime('2026-02-29')).toBeNull();
    expect(parseChinaDateTime('2024-02-29')?.toISOString()).toBe('2024-02-28T16:00:00.000Z');
    expect(parseChinaDateTime('2026-03-01 24:00')).toBeNull();
    expect(parseChinaDateTime('2026-03-01 12:60')).toBeNull();
    expect(parseChinaDateTime('1988-07-01 21:00:00')?.toISOString()).toBe('1988-07-01T12:00:00.000Z');
  });
});
