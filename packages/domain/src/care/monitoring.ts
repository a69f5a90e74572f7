import { SUGAR_TIME_TYPES } from '../glucose/sugar';
import { fail, OK } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import type { ReadingPushFields } from '../social/readingNotice';

/**
 * The glucose monitoring plan (spec 3 §2.5): a doctor's dates × slots, the table the patient sees
 * and its adherence (docs/adr/0164-monitoring-plan-adherence.md).
 */

/** The slots of a plan's row in the spec's order: 凌晨, 空腹, 早餐后, 午餐前, 午餐后, 晚餐前, 晚餐后, 睡前. */
export const MONITOR_SLOT_ORDER = [8, 1, 2, 3, 4, 5, 6, 7] as const;

/** The slots in that order with their names (the table's column titles). */
export const MONITOR_SLOTS: readonly { readonly timeType: number; readonly name: string }[] = MONITOR_SLOT_ORDER.map(
  (timeType) => ({ timeType, name: SUGAR_TIME_TYPES.find((t) => t.timeType === timeType)?.name ?? '' }),
);

/** Longest description of a plan (characters, after trimming). */
export const MONITOR_DESCRIPTION_MAX = 200;
/** Most dates one plan may cover. */
export const MONITOR_MAX_DATES = 31;
/** The last date a plan may plan: today (China time) plus this many days. */
export const MONITOR_MAX_DAYS_AHEAD = 30;
/** The patient's list of plans: 10 a page (spec 3 §9). */
export const MONITOR_PAGE_SIZE = 10;

/** The page of the monitoring plan, which its notices (a new plan, a reminder) open in the app and from a template message. */
export const MONITORING_PLAN_PATH = '/monitoringPlan';

/** Whether a notice of `kind` is about the monitoring plan (a new plan or a reminder), so it opens the plan. */
export function opensMonitoringPlan(kind: string): boolean {
  return kind === 'monitorPlan' || kind === 'monitorRemind';
}

/** The messages of an invalid plan, in the order they are checked. */
export const MONITORING_MESSAGES = {
  noDates: '请选择监测日期',
  tooManyDates: `监测日期最多${MONITOR_MAX_DATES}天`,
  badDate: '监测日期格式不正确',
  dateOutOfRange: `监测日期须在今天起${MONITOR_MAX_DAYS_AHEAD}天内`,
  duplicateDate: '监测日期不能重复',
  noSlot: '每个监测日期至少选择一个时段',
  badSlot: '请选择正确的监测时段',
  noDescription: '请填写监测说明',
  descriptionTooLong: `监测说明不能超过${MONITOR_DESCRIPTION_MAX}字`,
  /** A plan that is not the caller's, or does not exist. */
  notFound: '监测计划不存在',
} as const;

/** One date of a plan as the doctor submits it. */
export interface MonitorPeriodInput {
  readonly date: string;
  readonly timeTypes: readonly number[];
}

/** One planned measurement: a China date 'YYYY-MM-DD' and a slot (timeType 1..8). */
export interface PlannedSlot {
  readonly date: string;
  readonly timeType: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The day number of a real calendar date 'YYYY-MM-DD' (days since 1970-01-01), or null. */
function dayNumber(date: string): number | null {
  if (!DATE.test(date)) {
    return null;
  }
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    return null;
  }
  return ms / DAY_MS;
}

/** The calendar date `days` after `date` ('YYYY-MM-DD'). */
export function addDaysToDate(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) {
    throw new RangeError(`not a date: ${date}`);
  }
  return new Date((n + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The key of a (date, slot) pair, as `glucoseSlotsWithReadings` answers them: 'YYYY-MM-DD:timeType'. */
export function monitorSlotKey(date: string, timeType: number): string {
  return `${date}:${timeType}`;
}

/**
 * Checks a plan before it is issued, `today` being the China date: 1..31 distinct real dates from
 * today to today + 30 days, each with at least one slot (1..8, no repeats), then a description of
 * 1..200 characters after trimming. Answers the first failure.
 */
export function validateMonitorPlan(
  input: { readonly description?: string | null; readonly periods?: readonly MonitorPeriodInput[] | null },
  today: string,
): ValidationResult {
  const periods = input.periods ?? [];
  if (periods.length === 0) {
    return fail('periods', MONITORING_MESSAGES.noDates);
  }
  if (periods.length > MONITOR_MAX_DATES) {
    return fail('periods', MONITORING_MESSAGES.tooManyDates);
  }
  const first = dayNumber(today);
  const seen = new Set<string>();
  for (const period of periods) {
    const day = dayNumber(period.date);
    if (day === null) {
      return fail('periods', MONITORING_MESSAGES.badDate);
    }
    if (first === null || day < first || day > first + MONITOR_MAX_DAYS_AHEAD) {
      return fail('periods', MONITORING_MESSAGES.dateOutOfRange);
    }
    if (seen.has(period.date)) {
      return fail('periods', MONITORING_MESSAGES.duplicateDate);
    }
    seen.add(period.date);
    if (period.timeTypes.length === 0) {
      return fail('periods', MONITORING_MESSAGES.noSlot);
    }
    const slots = new Set(period.timeTypes);
    if (
      slots.size !== period.timeTypes.length ||
      period.timeTypes.some((t) => !Number.isInteger(t) || t < 1 || t > 8)
    ) {
      return fail('periods', MONITORING_MESSAGES.badSlot);
    }
  }
  const description = (input.description ?? '').trim();
  if (description.length === 0) {
    return fail('description', MONITORING_MESSAGES.noDescription);
  }
  if ([...description].length > MONITOR_DESCRIPTION_MAX) {
    return fail('description', MONITORING_MESSAGES.descriptionTooLong);
  }
  return OK;
}

/** The planned (date, slot) pairs of valid periods, by date then slot order. */
export function plannedSlots(periods: readonly MonitorPeriodInput[]): PlannedSlot[] {
  return [...periods]
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap((p) =>
      MONITOR_SLOT_ORDER.filter((t) => p.timeTypes.includes(t)).map((timeType) => ({ date: p.date, timeType })),
    );
}

/** One cell of the plan's table. */
export interface MonitorSlotCell {
  readonly xtitle: string;
  readonly timeType: number;
  readonly monitorFlag: 0 | 1;
  readonly done: boolean;
}

/** One row (a planned date) of the plan's table. */
export interface MonitorPeriodRow {
  readonly ytitle: string;
  readonly date: string;
  readonly xperiod: readonly MonitorSlotCell[];
}

/** How well the patient kept to the plan. */
export interface MonitorAdherence {
  readonly planned: number;
  readonly done: number;
  readonly percent: number;
}

/**
 * The adherence of a plan: a planned slot counts once it is due — its date is before `today` (the
 * patient had the whole day) — or once it is done (measured early in the day counts at once);
 * `percent` = round(done / counted × 100), 0 while nothing counts. Today's and later slots not yet
 * measured do not lower it, so a plan that has just begun does not read as failed.
 */
export function monitorAdherence(
  slots: readonly PlannedSlot[],
  withReadings: ReadonlySet<string>,
  today: string,
): MonitorAdherence {
  let planned = 0;
  let done = 0;
  for (const slot of slots) {
    const isDone = withReadings.has(monitorSlotKey(slot.date, slot.timeType));
    if (isDone) {
      done += 1;
      planned += 1;
    } else if (slot.date < today) {
      planned += 1;
    }
  }
  return { planned, done, percent: planned === 0 ? 0 : Math.round((done / planned) * 100) };
}

/**
 * The plan's table: one row per planned date (in date order, label 'MM-DD'), each with the 8 slots
 * in MONITOR_SLOT_ORDER; `monitorFlag` 1 for a planned slot, `done` when a reading of that slot on
 * that date exists (`withReadings` holds monitorSlotKey keys). Only planned slots are ever done.
 */
export function monitorPlanTable(
  slots: readonly PlannedSlot[],
  withReadings: ReadonlySet<string>,
  today: string,
): { readonly monitorPeriods: MonitorPeriodRow[]; readonly adherence: MonitorAdherence } {
  const byDate = new Map<string, Set<number>>();
  for (const slot of slots) {
    const set = byDate.get(slot.date) ?? new Set<number>();
    set.add(slot.timeType);
    byDate.set(slot.date, set);
  }
  const monitorPeriods = [...byDate.keys()].sort().map((date) => {
    const planned = byDate.get(date) as Set<number>;
    return {
      ytitle: date.slice(5),
      date,
      xperiod: MONITOR_SLOTS.map(({ timeType, name }) => {
        const flag = planned.has(timeType);
        return {
          xtitle: name,
          timeType,
          monitorFlag: flag ? (1 as const) : (0 as const),
          done: flag && withReadings.has(monitorSlotKey(date, timeType)),
        };
      }),
    };
  });
  return { monitorPeriods, adherence: monitorAdherence(slots, withReadings, today) };
}

/** The first and last planned dates, or null for a plan without slots. */
export function monitorPlanSpan(slots: readonly PlannedSlot[]): { readonly from: string; readonly to: string } | null {
  if (slots.length === 0) {
    return null;
  }
  const dates = slots.map((s) => s.date).sort();
  return { from: dates[0] as string, to: dates[dates.length - 1] as string };
}

/** The in-app notice of a new plan (kind `monitorPlan`): the doctor, the span and the number of measurements. */
export function monitorPlanNotice(plan: { readonly doctorName: string; readonly slots: readonly PlannedSlot[] }): {
  title: string;
  text: string;
} {
  const span = monitorPlanSpan(plan.slots);
  const when = span ? (span.from === span.to ? span.from.slice(5) : `${span.from.slice(5)}至${span.to.slice(5)}`) : '';
  // A directory name may already end in 医生 (林医生): never 林医生医生.
  const who = plan.doctorName.endsWith('医生') ? plan.doctorName : `${plan.doctorName}医生`;
  return {
    title: '医生为您制定了血糖监测计划',
    text: `${who}为您制定了血糖监测计划（${when}，共${plan.slots.length}次测量），请按计划按时测量血糖。`,
  };
}

/**
 * The template message's fields of a new plan, in the health template's five fields (person, item,
 * value, result ≤ 5 characters, time; ADR 0153): the patient, 血糖监测计划, the span and the number of
 * measurements, 请按时测量, the time issued. The doctor's name is in the in-app notice.
 */
export function monitorPlanPushFields(plan: {
  readonly patientName: string;
  readonly slots: readonly PlannedSlot[];
  readonly time: string;
}): ReadingPushFields {
  const span = monitorPlanSpan(plan.slots);
  const when = span ? (span.from === span.to ? span.from.slice(5) : `${span.from.slice(5)}至${span.to.slice(5)}`) : '';
  return {
    name: Array.from(plan.patientName || '您')
      .slice(0, 20)
      .join(''),
    item: '血糖监测计划',
    value: `${when}共${plan.slots.length}次`,
    result: '请按时测量',
    time: plan.time,
  };
}
