/** Lowest accepted systolic, diastolic or pulse value. */
export const BP_VALUE_MIN = 1;
/** Highest accepted systolic, diastolic or pulse value (also the chart's y-axis top). */
export const BP_VALUE_MAX = 250;
/** The pressure chart labels its 0–250 axis every 25 (spec 2 §9). */
export const BP_CHART_TICK_STEP = 25;
/** The pressure chart shows up to 6 points across the screen and widens (scrolls sideways) beyond (spec 2 §9). */
export const BP_CHART_VISIBLE_POINTS = 6;
/** Longest pressure remark, in characters. */
export const BP_REMARK_MAX = 140;

/** A row of the blood-pressure range configuration: a `sort` (severity rank) and its sbp/dbp bounds. */
export type BpRangeConfig = {
  readonly sort: number;
  readonly sbpMin: number;
  readonly sbpMax: number;
  readonly dbpMin: number;
  readonly dbpMax: number;
};

/** A pressure record's `color`: 1 low, 2 normal, 3 high. */
export const BP_COLOR = { low: 1, normal: 2, high: 3 } as const;
/** A pressure level. */
export type BpLevel = keyof typeof BP_COLOR;
/** Where the entry gauge's needle points for each level, in percent. */
export const BP_GAUGE_LEVELS = { low: 10, normal: 50, high: 90 } as const;

/**
 * The `sort` of the configuration row that holds a value. When rows overlap the worse (higher)
 * sort wins; a value outside every row takes the nearest end of the table, so an extreme reading
 * is never reported as unclassified.
 */
function sortFor(
  value: number,
  rows: readonly BpRangeConfig[],
  min: 'sbpMin' | 'dbpMin',
  max: 'sbpMax' | 'dbpMax',
): number | undefined {
  let best: number | undefined;
  for (const row of rows) {
    if (value >= row[min] && value <= row[max] && (best === undefined || row.sort > best)) {
      best = row.sort;
    }
  }
  if (best !== undefined || rows.length === 0) {
    return best;
  }
  const byLow = [...rows].sort((a, b) => a[min] - b[min]);
  const first = byLow[0];
  const last = byLow[byLow.length - 1];
  return first && value < first[min] ? first.sort : last?.sort;
}

/**
 * The worse `sort` of systolic and diastolic against the range configuration, the basis of every
 * pressure colour. `undefined` only when the configuration is empty.
 */
export function bloodPressureSort(sbp: number, dbp: number, config: readonly BpRangeConfig[]): number | undefined {
  const s = sortFor(sbp, config, 'sbpMin', 'sbpMax');
  const d = sortFor(dbp, config, 'dbpMin', 'dbpMax');
  if (s === undefined || d === undefined) {
    return s ?? d;
  }
  return Math.max(s, d);
}

/** Maps a `sort` to a level: above 3 is high, 2 to 3 normal, anything else low. */
export function levelFromSort(sort: number): BpLevel {
  if (sort > 3) {
    return 'high';
  }
  return sort >= 2 ? 'normal' : 'low';
}

/** The level of a reading: the worse of sbp and dbp, read through {@link levelFromSort}. */
export function classifyBloodPressure(sbp: number, dbp: number, config: readonly BpRangeConfig[]): BpLevel | undefined {
  const sort = bloodPressureSort(sbp, dbp, config);
  return sort === undefined ? undefined : levelFromSort(sort);
}

/** The level a record's `color` (1, 2 or 3) stands for; unknown codes give `undefined`. */
export function levelFromColor(color: number): BpLevel | undefined {
  return (Object.keys(BP_COLOR) as BpLevel[]).find((level) => BP_COLOR[level] === color);
}

/**
 * Reads a gauge or text input as a pressure value. Anything but a positive integer is cleared
 * (`null`), after which the form shows its 'fill in a positive integer' toast.
 */
export function parseBpInput(text: string | number): number | null {
  const raw = String(text).trim();
  return /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
}

/** Whether a value is a whole number within 1 to 250. */
export function isBpValueInRange(value: number): boolean {
  return Number.isInteger(value) && value >= BP_VALUE_MIN && value <= BP_VALUE_MAX;
}

/** The short tip shown with a pressure reading; it describes the reading and never suggests a medicine. */
export function bloodPressureReminder(level: BpLevel): string {
  switch (level) {
    case 'low':
      return '血压偏低，起身时请放慢动作；如有头晕、乏力请及时就医。';
    case 'normal':
      return '血压在正常范围内，请继续保持低盐饮食和规律作息。';
    case 'high':
      return '血压偏高，请静坐休息5分钟后复测；如持续偏高或有不适请及时就医。';
  }
}

/**
 * Whether a pressure reading is urgent for the relatives: it falls in the configuration's worst
 * grade (3级高血压, from 180/110 in the seeded table — the guideline's threshold for urgent
 * evaluation). The table has a single hypotension row covering common mild readings, so a low
 * reading is not marked urgent.
 */
export function isUrgentBloodPressure(sbp: number, dbp: number, config: readonly BpRangeConfig[]): boolean {
  const sort = bloodPressureSort(sbp, dbp, config);
  if (sort === undefined || levelFromSort(sort) !== 'high') {
    return false;
  }
  return sort === Math.max(...config.map((row) => row.sort));
}
