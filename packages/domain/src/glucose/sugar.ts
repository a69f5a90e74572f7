import { msSinceChinaMidnight } from '../shared/time';
import type { Instant } from '../shared/time';
import { SUGAR_TOO_LOW_MESSAGE, SUGAR_TOO_HIGH_MESSAGE } from './labels';
import { roundTo } from '../shared/numbers';

/** Lowest storable glucose value, mmol/L; lower input is raised to it. */
export const SUGAR_MIN = 0.3;
/** Highest storable glucose value, mmol/L (the meters' reading limit); higher input is lowered to it. */
export const SUGAR_MAX = 33.3;

/** The eight meal slots of a day, in the order of the day table's columns after `dtime`. */
export const SUGAR_TIME_TYPES = [
  { timeType: 1, code: 'emptyStomach', name: '空腹' },
  { timeType: 2, code: 'afterBreakfast', name: '早餐后' },
  { timeType: 3, code: 'antePrandium', name: '午餐前' },
  { timeType: 4, code: 'afterLunch', name: '午餐后' },
  { timeType: 5, code: 'beforeDinner', name: '晚餐前' },
  { timeType: 6, code: 'afterDinner', name: '晚餐后' },
  { timeType: 7, code: 'atBedtime', name: '睡前' },
  { timeType: 8, code: 'beforeDawn', name: '凌晨' },
] as const;

/** The code of a meal slot, as used for the day table's columns. */
export type SugarSlotCode = (typeof SUGAR_TIME_TYPES)[number]['code'];
/** The numeric time type of a meal slot (1 to 8). */
export type SugarTimeType = (typeof SUGAR_TIME_TYPES)[number]['timeType'];

/** The columns of a day row: the date column `dtime` followed by the eight slots. */
export const SUGAR_DAY_COLUMNS = ['dtime', ...SUGAR_TIME_TYPES.map((t) => t.code)] as const;

/** The chart's time-type picker: 1 fasting, 2 before a meal, 3 after a meal. */
export const SUGAR_CHART_TIME_TYPES = { fasting: 1, beforeMeal: 2, afterMeal: 3 } as const;

/** The four thresholds of a slot: severe low, low, high and severe high, in mmol/L. */
export type SugarRange = {
  readonly minValue: number;
  readonly lowValue: number;
  readonly highValue: number;
  readonly maxValue: number;
};

/** A slot of the sugar dictionary: its hours (`HH:mm` or `HH:mm:ss`, China time) and default thresholds. */
export type SugarDictionaryEntry = SugarRange & {
  readonly timeType: number;
  readonly name?: string;
  readonly code?: string;
  readonly startTime: string;
  readonly endTime: string;
};

/** A user's own targets for one slot (a "sugar objective"). */
export type SugarObjective = SugarRange & { readonly timeType: number };

/** The five levels, worst-low to worst-high. */
export const SUGAR_LEVELS = ['seriousLow', 'low', 'normal', 'high', 'seriousHigh'] as const;
/** One of the five levels of a glucose reading. */
export type SugarLevel = (typeof SUGAR_LEVELS)[number];

/**
 * The order of the level counts wherever they are listed beside the total (the patient's own
 * table, a relative's view of it, the shared table): the spec's own order of §2.2 — normal, high,
 * low, severe high, severe low.
 */
export const SUGAR_COUNT_ORDER = [
  'normal',
  'high',
  'low',
  'seriousHigh',
  'seriousLow',
] as const satisfies readonly SugarLevel[];

/**
 * A glucose value as every screen and text shows it: mmol/L with exactly one decimal (`7.0`, not
 * `7`), the precision the meters and the form record. The one formatting of a sugar value.
 */
export function formatSugar(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** The result of leaving the value field: the value to keep and the toast to show, if any. */
export type SugarClamp = { readonly value: number; readonly message: string | null };

/**
 * Applies the value field's on-blur rule: below 0.3 becomes 0.3 with {@link SUGAR_TOO_LOW_MESSAGE},
 * above 33.3 becomes 33.3 with {@link SUGAR_TOO_HIGH_MESSAGE}, anything else is rounded to one
 * decimal. Returns `null` for input that is not a number, which the required-value check reports.
 */
export function clampSugar(input: number | string): SugarClamp | null {
  const value = typeof input === 'number' ? input : Number.parseFloat(input);
  if (!Number.isFinite(value)) {
    return null;
  }
  // The range is checked on the raw value so that 33.34 is reported as too high, not silently kept.
  if (value < SUGAR_MIN) {
    return { value: SUGAR_MIN, message: SUGAR_TOO_LOW_MESSAGE };
  }
  if (value > SUGAR_MAX) {
    return { value: SUGAR_MAX, message: SUGAR_TOO_HIGH_MESSAGE };
  }
  return { value: roundTo(value, 1), message: null };
}

function clockToSeconds(clock: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(clock.trim());
  if (!match) {
    return null;
  }
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

const DAY_SECONDS = 86_400;

/**
 * The slot a reading taken at `instant` falls in, from the dictionary's `startTime`/`endTime`
 * (China time). Each slot covers `[startTime, endTime)`; an end of 23:59 or 23:59:59 reaches
 * midnight, and a slot whose end is before its start wraps past midnight (e.g. 22:00–03:00).
 * Returns `undefined` when no slot covers the moment.
 */
export function timeTypeAt(instant: Instant, dictionary: readonly SugarDictionaryEntry[]): number | undefined {
  return slotFinder(dictionary)(instant);
}

/**
 * `timeTypeAt` for one dictionary and many moments: the slot times are read once, so finding the
 * slot of each reading in a batch of thousands costs a few comparisons each.
 */
export function slotFinder(dictionary: readonly SugarDictionaryEntry[]): (instant: Instant) => number | undefined {
  const slots: { timeType: number; start: number; end: number }[] = [];
  for (const entry of dictionary) {
    const start = clockToSeconds(entry.startTime);
    const end = clockToSeconds(entry.endTime);
    if (start !== null && end !== null) {
      slots.push({ timeType: entry.timeType, start, end: end >= DAY_SECONDS - 60 ? DAY_SECONDS : end });
    }
  }
  return (instant) => {
    const second = Math.floor(msSinceChinaMidnight(instant) / 1000);
    const slot = slots.find(({ start, end }) =>
      start <= end ? second >= start && second < end : second >= start || second < end,
    );
    return slot?.timeType;
  };
}

/**
 * The thresholds that apply to a slot: the user's own target for that time type when there is one,
 * otherwise the dictionary's default. `undefined` when neither knows the time type.
 */
export function resolveSugarRange(
  timeType: number,
  dictionary: readonly SugarDictionaryEntry[],
  objectives: readonly SugarObjective[] = [],
): SugarRange | undefined {
  const own = objectives.find((o) => o.timeType === timeType);
  const source = own ?? dictionary.find((d) => d.timeType === timeType);
  return source
    ? { minValue: source.minValue, lowValue: source.lowValue, highValue: source.highValue, maxValue: source.maxValue }
    : undefined;
}

/**
 * `resolveSugarRange` for one dictionary and one person's targets, asked many times (a report
 * judges hundreds of readings): each time type's thresholds are settled once and shared.
 */
export function sugarRangeResolver(
  dictionary: readonly SugarDictionaryEntry[],
  objectives: readonly SugarObjective[] = [],
): (timeType: number) => SugarRange | undefined {
  const settled = new Map<number, SugarRange | undefined>();
  return (timeType) => {
    if (!settled.has(timeType)) {
      settled.set(timeType, resolveSugarRange(timeType, dictionary, objectives));
    }
    return settled.get(timeType);
  };
}

/**
 * Five-level classification of a reading against a slot's thresholds. Thresholds themselves count
 * as the milder level (a reading equal to `highValue` is normal), matching "above the high
 * threshold is high".
 */
export function classifySugar(value: number, range: SugarRange): SugarLevel {
  if (value > range.maxValue) {
    return 'seriousHigh';
  }
  if (value > range.highValue) {
    return 'high';
  }
  if (value < range.minValue) {
    return 'seriousLow';
  }
  if (value < range.lowValue) {
    return 'low';
  }
  return 'normal';
}

/** The three-level view used by the entry dial and the friends' feed (severe levels fold into low/high). */
export type SugarBand = 'low' | 'normal' | 'high';

/** Folds a five-level classification into low / normal / high. */
export function sugarBand(level: SugarLevel): SugarBand {
  switch (level) {
    case 'seriousLow':
    case 'low':
      return 'low';
    case 'high':
    case 'seriousHigh':
      return 'high';
    case 'normal':
      return 'normal';
  }
}

/** The feed's colouring of a reading: above max or high is high, below min or low is low, else normal. */
export function feedSugarBand(value: number, range: SugarRange): SugarBand {
  return sugarBand(classifySugar(value, range));
}

/** Colours of the day-table cells. */
export const SUGAR_CELL_COLOURS = { high: 'red', low: 'yellow', normal: 'green' } as const;
/** A day-table cell colour. */
export type SugarCellColour = (typeof SUGAR_CELL_COLOURS)[SugarBand];

/** The colour of a day-table cell: red above high or severe high, yellow below low or severe low, else green. */
export function sugarCellColour(value: number, range: SugarRange): SugarCellColour {
  return SUGAR_CELL_COLOURS[feedSugarBand(value, range)];
}

/** A parsed day-table cell: the value shown and how many readings the slot holds. */
export type SugarDayCell = { readonly value: number; readonly count: number; readonly multiple: boolean };

/**
 * Parses a day-table cell `value,count`. A value of 0 or a missing count is shown blank (`null`);
 * a count above 1 means the slot holds several readings, which the table marks.
 */
export function parseSugarDayCell(cell: string | null | undefined): SugarDayCell | null {
  if (!cell) {
    return null;
  }
  const [rawValue, rawCount] = cell.split(',');
  const value = Number.parseFloat(rawValue ?? '');
  const count = Number.parseInt(rawCount ?? '', 10);
  if (!Number.isFinite(value) || value === 0 || !Number.isFinite(count) || count < 1) {
    return null;
  }
  return { value, count, multiple: count > 1 };
}

/** Formats a cell back to its wire form `value,count`, the inverse of {@link parseSugarDayCell}. */
export function formatSugarDayCell(cell: SugarDayCell | null): string {
  return cell ? `${cell.value},${cell.count}` : '';
}

/** Minimum, maximum (1 decimal) and average (2 decimals) of a series, as the chart shows them. */
export type SugarSeriesSummary = { readonly min: number; readonly max: number; readonly avg: number };

/** The chart's min / max / average; `null` for an empty series, which shows no figures. */
export function summariseSugar(values: readonly number[]): SugarSeriesSummary | null {
  if (values.length === 0) {
    return null;
  }
  const total = values.reduce((sum, v) => sum + v, 0);
  return {
    min: roundTo(Math.min(...values), 1),
    max: roundTo(Math.max(...values), 1),
    avg: roundTo(total / values.length, 2),
  };
}

/** Table ranges by `dateType`: the latest 30, 60 or 90 days. */
export const SUGAR_TABLE_RANGE_DAYS = { 1: 30, 2: 60, 3: 90 } as const;
/** Chart ranges by `dateType` 1 to 5: 7, 30, 90, 180 and 360 days; 5 is the default. */
export const SUGAR_CHART_RANGE_DAYS = { 1: 7, 2: 30, 3: 90, 4: 180, 5: 360 } as const;
/** The chart's default `dateType` (one year). */
export const SUGAR_CHART_DEFAULT_DATE_TYPE = 5;

/** The readings each chart time type covers: fasting; before lunch and dinner; after the three meals. */
export const SUGAR_CHART_SLOTS: Readonly<
  Record<(typeof SUGAR_CHART_TIME_TYPES)[keyof typeof SUGAR_CHART_TIME_TYPES], readonly SugarTimeType[]>
> = Object.freeze({
  1: [1],
  2: [3, 5],
  3: [2, 4, 6],
});

/** The lifestyle tags a reading can carry; each has "none" (0) and three levels (spec 2 §9). */
export const SUGAR_TAG_OPTIONS = Object.freeze({
  diet: { name: '饮食', items: ['无', '五分饱', '七分饱', '十分饱'] },
  pharmacy: { name: '用药', items: ['无', '忘记服药', '口服药', '胰岛素'] },
  sport: { name: '运动', items: ['无', '低强度', '中强度', '高强度'] },
} as const);
/** A tag type code. */
export type SugarTagType = keyof typeof SUGAR_TAG_OPTIONS;

/**
 * The short tip shown with a reading (the `reminder` of a read). It describes the reading only and
 * never suggests a medicine or a dose.
 */
export function sugarReminder(level: SugarLevel): string {
  switch (level) {
    case 'seriousLow':
      return '血糖严重偏低，请立即补充含糖食物，15分钟后复测；如未缓解请及时就医。';
    case 'low':
      return '血糖偏低，请及时补充少量含糖食物，并留意头晕、出汗等不适。';
    case 'normal':
      return '血糖在目标范围内，请继续保持规律饮食和运动。';
    case 'high':
      return '血糖偏高，请留意饮食和运动，按时监测。';
    case 'seriousHigh':
      return '血糖明显偏高，请多饮水并尽快复测；如持续偏高或有不适请及时就医。';
  }
}

/** Whether a glucose reading is urgent for the relatives: severe high or severe low. */
export function isUrgentSugar(level: SugarLevel | null | undefined): boolean {
  return level === 'seriousHigh' || level === 'seriousLow';
}
