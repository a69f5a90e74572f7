import {
  compareChinaTimeText,
  SUGAR_CHART_RANGE_DAYS,
  SUGAR_CHART_SLOTS,
  SUGAR_MAX,
  SUGAR_MIN,
  SUGAR_TABLE_RANGE_DAYS,
  SUGAR_TAG_OPTIONS,
  SUGAR_TIME_TYPES,
  SUGAR_TOO_HIGH_MESSAGE,
  SUGAR_TOO_LOW_MESSAGE,
  chinaDayRange,
  chinaMonthRange,
  chinaYearMonth,
  classifySugar,
  formatChinaTime,
  latestChinaDays,
  medalForRemarks,
  parseChinaDateTime,
  sugarRangeResolver,
  roundTo,
  sugarReminder,
  summariseSugar,
  timeTypeAt,
  validateSugarEntry,
  validateSugarTargets,
  type SugarDictionaryEntry,
  type SugarLevel,
  type SugarRange,
} from '@glucoguard/domain';
import type { BodyOf } from '../../../lib/contract';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import { readingOwner } from '../readings/actingFor';
import type { SugarTag, SugarTest } from '../readings/glucose.entity';
import { changeReading, deleteReading, readingToChange, recordReading } from '../readings/recordReading';
import { SugarRepository, type SlotRow } from './glucose.repository';

/** A reading as the add and edit forms send it (the contract's types; the edit form has no relative or synckey). */
export type SugarEntryInput = BodyOf<'addSugarTest'> | Omit<BodyOf<'editSugarTest'>, 'testId'>;

const dictionaryOf = (slots: SlotRow[]): SugarDictionaryEntry[] => slots.map((s) => ({ ...s }));

/** The thresholds of every slot for a customer: their own targets where set, else the defaults. */
export async function rangesFor(db: Db, customerId: string) {
  const { slots, objectives } = await new SugarRepository(db).slotsWithObjectives(customerId);
  const dictionary = dictionaryOf(slots);
  const range = sugarRangeResolver(dictionary, objectives);
  return { slots, objectives, dictionary, range };
}

function levelOf(
  reading: { sugar: number; timeType: number },
  range: (t: number) => SugarRange | undefined,
): SugarLevel | null {
  const r = range(reading.timeType);
  return r ? classifySugar(reading.sugar, r) : null;
}

/** Tags as the API shows them, with the type's and the level's names. */
export function tagsView(tags: SugarTag[]) {
  return tags.map((t) => ({
    typeCode: t.typeCode,
    typeName: SUGAR_TAG_OPTIONS[t.typeCode].name,
    itemKey: t.itemKey,
    itemValue: SUGAR_TAG_OPTIONS[t.typeCode].items[Number(t.itemKey)] ?? '',
  }));
}

/** A reading as the API shows it (spec 2 §3 field names). */
export function sugarTestVo(t: SugarTest, level: SugarLevel | null) {
  return {
    testId: t.id,
    customerId: t.customerId,
    timeType: t.timeType,
    sugar: t.sugar,
    remark: t.remark,
    tags: tagsView(t.tags),
    createTime: formatChinaTime(t.measuredAt),
    synckey: t.synckey ?? null,
    testType: t.recordedBy === t.customerId ? ('1' as const) : ('2' as const),
    deviceImei: t.deviceImei ?? null,
    level,
  };
}

function parseEntry(input: SugarEntryInput, now: Date) {
  const measuredAt = parseChinaDateTime(input.createTime);
  assertValid(validateSugarEntry({ sugar: input.sugar, createTime: measuredAt, remark: input.remark }, now));
  if (input.sugar < SUGAR_MIN) {
    throw new AppError(ErrorCodes.badRequest, SUGAR_TOO_LOW_MESSAGE);
  }
  if (input.sugar > SUGAR_MAX) {
    throw new AppError(ErrorCodes.badRequest, SUGAR_TOO_HIGH_MESSAGE);
  }
  const tags = input.tags ?? [];
  if (new Set(tags.map((t) => t.typeCode)).size !== tags.length) {
    throw new AppError(ErrorCodes.badRequest, '每类标签只能选择一项');
  }
  return {
    measuredAt: measuredAt as Date,
    sugar: roundTo(input.sugar, 1),
    remark: (input.remark ?? '').trim(),
    tags: tags.filter((t) => t.itemKey !== '0'),
  };
}

/** How the month looks after a save: remarks so far (for the medal) and the share in range. */
async function monthProgress(db: Db, customerId: string, at: Date) {
  const month = chinaMonthRange(chinaYearMonth(at));
  const repo = new SugarRepository(db);
  const { range } = await rangesFor(db, customerId);
  const [readings, annotated] = await Promise.all([
    repo.leanInRange(customerId, month.start, month.end),
    repo.countAnnotated(customerId, month.start, month.end),
  ]);
  const normal = readings.filter((r) => levelOf(r, range) === 'normal').length;
  return {
    editcount: annotated,
    medal: medalForRemarks(annotated),
    percentage: readings.length === 0 ? 0 : roundTo((normal / readings.length) * 100, 1),
  };
}

/**
 * Records a reading (spec: POST /sugarTest/v1/add): the caller's own, or — with `followerId` — one
 * for a patient who granted the caller (stored as theirs, `recordedBy` the caller, testType '2').
 * A resend with the same synckey stores nothing new. The readings core stores it and tells its
 * subscribers (the followers' notices, the points) in the same transaction.
 */
export async function addReading(db: Db, callerId: string, input: SugarEntryInput, now: Date) {
  const { customerId, source } = await readingOwner(db, callerId, input);
  const entry = parseEntry(input, now);
  const repo = new SugarRepository(db);
  const duplicateOf = async () => {
    const existing = input.synckey ? await repo.findBySynckey(customerId, input.synckey) : null;
    return (
      existing && {
        testId: existing.id,
        duplicate: true,
        ...(await monthProgress(db, customerId, existing.measuredAt)),
      }
    );
  };
  const earlier = await duplicateOf();
  if (earlier) {
    return earlier;
  }
  const { dictionary } = await rangesFor(db, customerId);
  const timeType = input.timeType ?? timeTypeAt(entry.measuredAt, dictionary) ?? 1;
  const reading = await recordReading(
    db,
    'glucose',
    {
      customerId,
      recordedBy: callerId,
      timeType,
      ...entry,
      synckey: input.synckey ?? null,
      deviceImei: null,
      createdAt: now,
      updatedAt: now,
    },
    { customerId, recordedBy: callerId, source },
    now,
  );
  if (!reading) {
    // Two saves with the same synckey at once: the loser answers the winner's reading.
    const winner = await duplicateOf();
    if (winner) {
      return winner;
    }
    throw new Error(`the reading of synckey ${input.synckey ?? ''} clashed and cannot be found`);
  }
  return { testId: reading.id, duplicate: false, ...(await monthProgress(db, customerId, entry.measuredAt)) };
}

/** The caller's own reading, or null when it does not exist or belongs to somebody else. */
async function ownReading(db: Db, customerId: string, testId: string): Promise<SugarTest | null> {
  const reading = await new SugarRepository(db).findById(testId);
  return reading && reading.customerId === customerId ? reading : null;
}

/** Changes a reading (spec: POST /sugarTest/v1/edit). Meter readings are read-only. */
export async function editReading(db: Db, customerId: string, testId: string, input: SugarEntryInput, now: Date) {
  const reading = await readingToChange(db, 'glucose', testId, customerId);
  const entry = parseEntry(input, now);
  await changeReading(
    db,
    'glucose',
    reading,
    {
      ...entry,
      timeType: input.timeType ?? reading.timeType,
      updatedAt: now,
    },
    now,
  );
  return { testId: reading.id, duplicate: false, ...(await monthProgress(db, customerId, entry.measuredAt)) };
}

/**
 * Deletes one of the caller's readings (POST /sugarTest/v1/delete; the app asks 确定删除此条记录吗?
 * first). Only the owner may; a meter's reading is read-only. Its notices and its feed post's likes
 * and comments go in the same transaction (the core's ReadingDeleted); points paid for it are kept.
 */
export async function deleteGlucose(db: Db, customerId: string, testId: string) {
  await deleteReading(db, 'glucose', testId, customerId);
  return { ok: true as const };
}

/** One reading (spec: GET /sugarTest/v1/getById): existsFlag false for a missing or foreign one. */
export async function getReading(db: Db, customerId: string, testId: string) {
  const reading = await ownReading(db, customerId, testId);
  if (!reading) {
    return { existsFlag: false, sugarTestVo: null, reminder: null };
  }
  const { range } = await rangesFor(db, customerId);
  const level = levelOf(reading, range);
  return { existsFlag: true, sugarTestVo: sugarTestVo(reading, level), reminder: level ? sugarReminder(level) : null };
}

/** The caller's latest reading with its level, or null (spec-free addition: the home page's summary, ADR 0102). */
export async function lastReading(db: Db, customerId: string) {
  const reading = await new SugarRepository(db).latest(customerId);
  if (!reading) {
    return null;
  }
  const { range } = await rangesFor(db, customerId);
  return sugarTestVo(reading, levelOf(reading, range));
}

const SLOT_CODES = SUGAR_TIME_TYPES.map((t) => t.code);
type DayRow = { dtime: string } & Record<(typeof SLOT_CODES)[number], string>;
/** A day row's slots, all empty. */
const EMPTY_SLOTS = Object.fromEntries(SLOT_CODES.map((c) => [c, ''])) as Omit<DayRow, 'dtime'>;
/** Each time type's slot code, by time type. */
const SLOT_CODE_OF: ReadonlyMap<number, (typeof SLOT_CODES)[number]> = new Map(
  SUGAR_TIME_TYPES.map((t) => [t.timeType, t.code]),
);

/**
 * The day table (spec: queryLog): one row per China day with readings, newest first; each slot is
 * `value,count` with the latest reading's value, or '' when the slot is empty.
 */
export async function dayTable(
  db: Db,
  customerId: string,
  dateType: 1 | 2 | 3,
  pageNo: number,
  pageSize: number,
  now: Date,
) {
  const span = latestChinaDays(now, SUGAR_TABLE_RANGE_DAYS[dateType]);
  const cells = await new SugarRepository(db).dayCells(customerId, span.start, span.end);
  const days = new Map<string, DayRow>();
  for (const cell of cells) {
    const code = SLOT_CODE_OF.get(cell.timeType);
    if (code === undefined) {
      continue;
    }
    let row = days.get(cell.day);
    if (row === undefined) {
      row = { dtime: cell.day, ...EMPTY_SLOTS };
      days.set(cell.day, row);
    }
    row[code] = `${cell.latest},${cell.count}`;
  }
  const rows = [...days.values()].sort((a, b) => compareChinaTimeText(b.dtime, a.dtime));
  const totalPage = Math.ceil(rows.length / pageSize);
  return { items: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), currentPage: pageNo, totalPage };
}

/** The six counts above the table (spec: queryJudge). */
export async function judge(db: Db, customerId: string, dateType: 1 | 2 | 3, now: Date) {
  const span = latestChinaDays(now, SUGAR_TABLE_RANGE_DAYS[dateType]);
  const [readings, { range }] = await Promise.all([
    new SugarRepository(db).leanInRange(customerId, span.start, span.end),
    rangesFor(db, customerId),
  ]);
  const counts = {
    total: readings.length,
    normalCount: 0,
    highCount: 0,
    lowCount: 0,
    seriousHighCount: 0,
    seriousLowCount: 0,
  };
  for (const r of readings) {
    const level = levelOf(r, range);
    if (level) {
      counts[`${level}Count`] += 1;
    }
  }
  return counts;
}

/** The chart (spec: queryTrend): readings of the chosen meal group over 7 to 360 days, with min/avg/max. */
export async function trend(
  db: Db,
  customerId: string,
  dateType: 1 | 2 | 3 | 4 | 5,
  chartTimeType: 1 | 2 | 3,
  now: Date,
) {
  const span = latestChinaDays(now, SUGAR_CHART_RANGE_DAYS[dateType]);
  const readings = await new SugarRepository(db).leanInRange(
    customerId,
    span.start,
    span.end,
    SUGAR_CHART_SLOTS[chartTimeType],
  );
  const summary = summariseSugar(readings.map((r) => r.sugar));
  return {
    sugarTestList: readings.map((r) => ({ time: r.time, sugarValue: r.sugar, timeType: r.timeType })),
    judgeMap: summary && { minSugar: summary.min, avgSugar: summary.avg, maxSugar: summary.max },
  };
}

/** One day's readings for the table's pop-up (spec: queryDayData). */
export async function dayReadings(db: Db, customerId: string, dateTime: string, timeType: number | undefined) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(dateTime) ? parseChinaDateTime(dateTime) : null;
  if (!day) {
    throw new AppError(ErrorCodes.badRequest, '日期格式不正确');
  }
  const span = chinaDayRange(day);
  const [readings, { range }] = await Promise.all([
    new SugarRepository(db).inRange(customerId, span.start, span.end, timeType === undefined ? undefined : [timeType]),
    rangesFor(db, customerId),
  ]);
  return readings.reverse().map((r) => sugarTestVo(r, levelOf(r, range)));
}

/** The slots with the thresholds that apply to the caller (spec: /customer/v1/querySugarDic). */
export async function customerDictionary(db: Db, customerId: string, timeType?: number) {
  const { slots, range } = await rangesFor(db, customerId);
  return slots
    .filter((s) => timeType === undefined || s.timeType === timeType)
    .map((s) => ({ ...slotView(s), ...range(s.timeType) }));
}

/** The slots with their default thresholds (spec: /config/v1/querySugarDic), one or all. */
export async function slotDictionary(db: Db, timeType?: number) {
  const slots = await new SugarRepository(db).slots();
  return slots.filter((s) => timeType === undefined || s.timeType === timeType).map(slotView);
}

export function slotView(s: SlotRow) {
  return {
    timeType: s.timeType,
    name: s.name,
    code: s.code,
    startTime: s.startTime,
    endTime: s.endTime,
    minValue: s.minValue,
    lowValue: s.lowValue,
    highValue: s.highValue,
    maxValue: s.maxValue,
  };
}

/** Saves the caller's own targets (spec: saveSugarObjective), each checked by the domain's rule. */
export async function saveObjectives(
  db: Db,
  customerId: string,
  rows: BodyOf<'saveSugarObjective'>['sugarObjectives'],
) {
  const known = new Set((await new SugarRepository(db).slots()).map((s) => s.timeType));
  if (
    rows.length === 0 ||
    new Set(rows.map((r) => r.timeType)).size !== rows.length ||
    rows.some((r) => !known.has(r.timeType))
  ) {
    throw new AppError(ErrorCodes.badRequest, '请选择正确的时间段');
  }
  for (const row of rows) {
    assertValid(validateSugarTargets(row));
  }
  await new SugarRepository(db).saveObjectives(customerId, rows);
  return customerDictionary(db, customerId);
}
