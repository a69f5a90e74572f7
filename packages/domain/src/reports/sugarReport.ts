/*
 * The weekly or monthly sugar report's parts (spec 2 §2.6, §3); general advice only, never medicine.
 */
import { CV_STABLE_AT_MOST, consensusRanges, estimateGmi, glucoseVariability, targetRanges } from '../clinical/glucose';
import type { ConsensusRanges, Gmi, Summary, TargetRanges, Variability } from '../clinical/glucose';
import { SUGAR_TIME_TYPES, classifySugar } from '../glucose/sugar';
import { roundTo } from '../shared/numbers';
import type { SugarLevel, SugarRange, SugarTagType } from '../glucose/sugar';
import { chinaDayNumber, compareChinaTimeText, type Instant } from '../shared/time';
import { addLevel, countLevels, isHigh, percent, type LevelCounts } from './levelCounts';
import { REPORT_FAIR_SHARE, REPORT_GOOD_SHARE } from './reportContent';

/** A sugar reading as a report reads it. */
export type ReportSugarReading = {
  /** China wall-clock time, `YYYY-MM-DD HH:mm:ss`. */
  readonly time: string;
  readonly at: Instant;
  readonly timeType: number;
  readonly sugar: number;
  readonly remark: string;
  readonly tags: readonly { readonly typeCode: SugarTagType; readonly itemKey: string }[];
};

/** A reading with its level against the thresholds of its slot (`null` when the slot has none). */
export type JudgedSugarReading = ReportSugarReading & { readonly level: SugarLevel | null };

/** Judges every reading against its own slot's thresholds (the customer's targets or the defaults). */
export function judgeSugarReadings(
  readings: readonly ReportSugarReading[],
  rangeOf: (timeType: number) => SugarRange | undefined,
): JudgedSugarReading[] {
  return readings.map((r) => {
    const range = rangeOf(r.timeType);
    // Written out rather than spread: a month's readings are hundreds, and each spread copy was
    // several times the size of this literal.
    return {
      time: r.time,
      at: r.at,
      timeType: r.timeType,
      sugar: r.sugar,
      remark: r.remark,
      tags: r.tags,
      level: range ? classifySugar(r.sugar, range) : null,
    };
  });
}

/** One bar of the time-slot chart: the slot, its readings and their levels. */
export type SlotDistribution = LevelCounts & {
  readonly timeType: number;
  readonly code: string;
  readonly name: string;
  readonly count: number;
};

/** Readings per meal slot with their levels, for all eight slots in day order. */
export function sugarTimeDistribution(readings: readonly JudgedSugarReading[]): SlotDistribution[] {
  const bars = SUGAR_TIME_TYPES.map((slot) => ({
    timeType: slot.timeType,
    code: slot.code,
    name: slot.name,
    count: 0,
    seriousHighCount: 0,
    highCount: 0,
    normalCount: 0,
    lowCount: 0,
    seriousLowCount: 0,
  }));
  const byType = new Map<number, (typeof bars)[number]>(bars.map((bar) => [bar.timeType, bar]));
  for (const r of readings) {
    const bar = byType.get(r.timeType);
    if (bar) {
      bar.count += 1;
      addLevel(bar, r.level);
    }
  }
  return bars;
}

/** The report's data table: readings by China day, oldest first. */
export type SugarLogDay = {
  readonly dtime: string;
  readonly items: {
    readonly time: string;
    readonly timeType: number;
    readonly sugar: number;
    readonly level: SugarLevel | null;
  }[];
};

const inTimeOrder = (readings: readonly JudgedSugarReading[]) =>
  readings.every((r, i) => i === 0 || compareChinaTimeText((readings[i - 1] as JudgedSugarReading).time, r.time) <= 0);

/** Groups readings by China day, oldest first (readings out of time order are sorted first). */
export function sugarLogByDay(readings: readonly JudgedSugarReading[]): SugarLogDay[] {
  // The sort is stable, so equal times keep their order. Readings from the database come in order.
  const ordered = inTimeOrder(readings) ? readings : [...readings].sort((a, b) => compareChinaTimeText(a.time, b.time));
  const days: SugarLogDay[] = [];
  let items: SugarLogDay['items'] = [];
  let day = '';
  for (const r of ordered) {
    // In time order, a day's readings are neighbours: a new day starts a new row.
    if (days.length === 0 || !r.time.startsWith(day)) {
      day = r.time.slice(0, 10);
      items = [];
      days.push({ dtime: day, items });
    }
    items.push({ time: r.time, timeType: r.timeType, sugar: r.sugar, level: r.level });
  }
  return days;
}

/** A slot counts as a problem slot when at least this share of its readings is out of range. */
export const REPORT_PROBLEM_SLOT_SHARE = 1 / 3;
/** Fasting slot. */
const FASTING_SLOTS = [1] as const;
/** After breakfast, lunch and dinner. */
const POST_MEAL_SLOTS = [2, 4, 6] as const;

/** What a period's sugar readings show, the basis of every text of the report. */
export type SugarPattern = {
  readonly total: number;
  readonly counts: LevelCounts;
  /** Share of judged readings at a normal level, percent (1 decimal). */
  readonly inRangeShare: number;
  /** Slots with high readings, most highs first (names). */
  readonly highSlots: readonly string[];
  /** Slots with low readings, most lows first (names). */
  readonly lowSlots: readonly string[];
  readonly fastingHigh: boolean;
  readonly postMealHigh: boolean;
  readonly hasLows: boolean;
  /** Coefficient of variation of the values, percent (1 decimal); `null` with fewer than 2 readings. */
  readonly cv: number | null;
  readonly variable: boolean;
  readonly daysWithReadings: number;
  readonly periodDays: number;
  readonly fastingCount: number;
  readonly postMealCount: number;
};

function slotsBy(distribution: readonly SlotDistribution[], countOf: (s: SlotDistribution) => number): string[] {
  return distribution
    .filter((s) => countOf(s) > 0)
    .sort((a, b) => countOf(b) - countOf(a) || a.timeType - b.timeType)
    .map((s) => s.name);
}

function groupHigh(
  distribution: readonly SlotDistribution[],
  slots: readonly number[],
): { count: number; problem: boolean } {
  const group = distribution.filter((s) => slots.includes(s.timeType));
  const count = group.reduce((n, s) => n + s.count, 0);
  const highs = group.reduce((n, s) => n + s.highCount + s.seriousHighCount, 0);
  return { count, problem: highs > 0 && highs >= count * REPORT_PROBLEM_SLOT_SHARE };
}

/** Sample coefficient of variation in percent (1 decimal), or `null` for fewer than two values. */
export function coefficientOfVariation(values: readonly number[]): number | null {
  if (values.length < 2) {
    return null;
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) * (v - mean), 0) / (values.length - 1));
  return mean === 0 ? null : roundTo((sd / mean) * 100, 1);
}

/** Reads the pattern of a period's judged readings; `periodDays` is 7 for a week, the month's days for a month. */
export function sugarPattern(readings: readonly JudgedSugarReading[], periodDays: number): SugarPattern {
  return patternOf(readings, sugarTimeDistribution(readings), periodDays);
}

function patternOf(
  readings: readonly JudgedSugarReading[],
  distribution: readonly SlotDistribution[],
  periodDays: number,
): SugarPattern {
  const counts = countLevels(readings.map((r) => r.level));
  const judged = readings.filter((r) => r.level !== null).length;
  const fasting = groupHigh(distribution, FASTING_SLOTS);
  const postMeal = groupHigh(distribution, POST_MEAL_SLOTS);
  const cv = coefficientOfVariation(readings.map((r) => r.sugar));
  return {
    total: readings.length,
    counts,
    inRangeShare: percent(counts.normalCount, judged),
    highSlots: slotsBy(distribution, (s) => s.highCount + s.seriousHighCount),
    lowSlots: slotsBy(distribution, (s) => s.lowCount + s.seriousLowCount),
    fastingHigh: fasting.problem,
    postMealHigh: postMeal.problem,
    hasLows: counts.lowCount + counts.seriousLowCount > 0,
    cv,
    variable: cv !== null && cv > CV_STABLE_AT_MOST,
    daysWithReadings: new Set(readings.map((r) => chinaDayNumber(r.at))).size,
    periodDays,
    fastingCount: fasting.count,
    postMealCount: postMeal.count,
  };
}

const listNames = (names: readonly string[]) => names.slice(0, 3).join('、');

/** What the numbers say: shares per level, where highs and lows cluster, compared with the targets. */
export function sugarTestAnalysis(p: SugarPattern): string {
  const c = p.counts;
  const parts = [
    `本期共测量血糖${p.total}次，在目标范围内${c.normalCount}次（${p.inRangeShare}%），偏高${c.highCount + c.seriousHighCount}次（其中严重偏高${c.seriousHighCount}次），偏低${c.lowCount + c.seriousLowCount}次（其中严重偏低${c.seriousLowCount}次）。`,
  ];
  if (p.highSlots.length > 0) {
    parts.push(`偏高主要出现在${listNames(p.highSlots)}。`);
  }
  if (p.lowSlots.length > 0) {
    parts.push(`偏低出现在${listNames(p.lowSlots)}，请留意心慌、出汗、头晕等低血糖表现。`);
  }
  if (p.inRangeShare >= REPORT_GOOD_SHARE) {
    parts.push('大部分读数在目标范围内，控制得不错。');
  } else if (p.inRangeShare >= REPORT_FAIR_SHARE) {
    parts.push('约一半以上读数在目标范围内，还有改善空间。');
  } else {
    parts.push('多数读数不在目标范围内，建议带上本报告与医生一起回顾近期情况。');
  }
  if (p.variable && p.cv !== null) {
    parts.push(`血糖波动较大（变异系数${p.cv}%，超过${CV_STABLE_AT_MOST}%）。`);
  }
  parts.push('以上按您设置的控糖目标判断，未设置的时段按默认目标。');
  return parts.join('');
}

/** How often and when to measure next, from the gaps and problem slots of the period. */
export function sugarMonitorGuide(p: SugarPattern): string {
  const parts: string[] = [];
  const missedDays = p.periodDays - p.daysWithReadings;
  if (p.daysWithReadings * 2 < p.periodDays) {
    parts.push(`本期有${missedDays}天没有测量，建议每周至少测量4天，养成固定时间测量的习惯。`);
  }
  if (p.fastingCount === 0) {
    parts.push('本期没有空腹血糖记录，建议每周至少测2次空腹血糖。');
  }
  if (p.postMealCount === 0) {
    parts.push('本期没有餐后血糖记录，建议每周选两餐测量餐后2小时血糖。');
  }
  if (p.highSlots.length > 0) {
    parts.push(`${listNames(p.highSlots)}偏高较多，下期请重点在这些时段测量，并记下饮食和运动情况。`);
  }
  if (p.hasLows) {
    parts.push('出现偏低后请在15分钟后复测；如常在夜间偏低，可在睡前或凌晨加测一次。');
  }
  if (parts.length === 0) {
    parts.push('本期监测比较规律，请继续空腹和三餐后交替测量，每周至少4天。');
  }
  return parts.join('');
}

/** Diet advice chosen by the pattern: post-meal highs, fasting highs, lows, variability. */
export function sugarEatGuide(p: SugarPattern): string {
  const parts: string[] = [];
  if (p.postMealHigh) {
    parts.push('餐后血糖偏高：每餐主食约一拳大小，粗细搭配，先吃蔬菜和蛋白质再吃主食，少喝粥和含糖饮料。');
  }
  if (p.fastingHigh) {
    parts.push('空腹血糖偏高：晚餐不宜过晚过饱，睡前避免甜食和夜宵。');
  }
  if (p.hasLows) {
    parts.push('出现过低血糖：按时定量进餐，不要长时间空腹，外出随身携带糖果或饼干。');
  }
  if (p.variable) {
    parts.push('血糖波动较大：三餐定时定量，可少量多餐，避免暴饮暴食。');
  }
  if (parts.length === 0) {
    parts.push('血糖总体平稳：继续保持均衡饮食，主食定量，多吃蔬菜，适量吃鱼、蛋、豆制品等优质蛋白。');
  }
  return parts.join('');
}

/** Exercise advice chosen by the pattern. */
export function sugarSportGuide(p: SugarPattern): string {
  const parts: string[] = [];
  if (p.postMealHigh) {
    parts.push('餐后30分钟到1小时散步或快走20~30分钟，有助于降低餐后血糖。');
  }
  if (p.fastingHigh) {
    parts.push('坚持每周至少150分钟中等强度有氧运动（如快走、骑车、游泳），并每周做2次力量练习。');
  }
  if (p.hasLows) {
    parts.push('运动前后测血糖，避免空腹运动；运动时随身带糖，出现心慌、出汗请立即停下并补充糖分。');
  }
  if (p.variable) {
    parts.push('运动的时间和强度尽量固定，避免偶尔一次的剧烈运动。');
  }
  if (parts.length === 0) {
    parts.push('保持每周至少5天、每天30分钟左右的中等强度运动，循序渐进。');
  }
  return parts.join('');
}

/** Diet tag 十分饱 (itemKey 3) and pharmacy tag 忘记服药 (itemKey 1), see SUGAR_TAG_OPTIONS. */
const FULL_MEAL = { typeCode: 'diet', itemKey: '3' } as const;
const FORGOT_MEDICINE = { typeCode: 'pharmacy', itemKey: '1' } as const;

const hasTag = (r: ReportSugarReading, typeCode: SugarTagType, itemKey?: string) =>
  r.tags.some((t) => t.typeCode === typeCode && t.itemKey !== '0' && (itemKey === undefined || t.itemKey === itemKey));

/** The remark analysis: what the remarks and tags say, and whether highs follow 十分饱 or 忘记服药. */
export function sugarHealthAlter(readings: readonly JudgedSugarReading[]): string {
  const annotated = readings.filter((r) => r.remark.trim() !== '' || r.tags.some((t) => t.itemKey !== '0'));
  if (annotated.length === 0) {
    return '本期读数没有填写备注或标签。记下饮食、用药和运动情况，能帮助您和医生找到血糖变化的原因。';
  }
  const count = (typeCode: SugarTagType) => readings.filter((r) => hasTag(r, typeCode)).length;
  const parts = [
    `本期有${annotated.length}次读数填写了备注或标签：饮食标签${count('diet')}次，用药标签${count('pharmacy')}次，运动标签${count('sport')}次。`,
  ];
  const full = readings.filter((r) => hasTag(r, FULL_MEAL.typeCode, FULL_MEAL.itemKey));
  const fullHigh = full.filter((r) => isHigh(r.level)).length;
  if (fullHigh > 0) {
    parts.push(`标记“十分饱”的${full.length}次中有${fullHigh}次血糖偏高，吃得过饱容易推高餐后血糖，建议七分饱。`);
  } else if (full.length > 0) {
    parts.push(`标记“十分饱”的${full.length}次血糖均未偏高。`);
  }
  const forgot = readings.filter((r) => hasTag(r, FORGOT_MEDICINE.typeCode, FORGOT_MEDICINE.itemKey));
  const forgotHigh = forgot.filter((r) => isHigh(r.level)).length;
  if (forgotHigh > 0) {
    parts.push(`标记“忘记服药”的${forgot.length}次中有${forgotHigh}次血糖偏高，请遵医嘱按时服药，可以设置服药提醒。`);
  } else if (forgot.length > 0) {
    parts.push(`标记“忘记服药”的${forgot.length}次血糖未偏高，但仍请遵医嘱按时服药。`);
  }
  const sport = readings.filter((r) => hasTag(r, 'sport'));
  if (sport.length > 0) {
    parts.push(`标记运动的${sport.length}次中有${sport.filter((r) => r.level === 'normal').length}次在目标范围内。`);
  }
  const remarks = readings.filter((r) => r.remark.trim() !== '').length;
  if (remarks > 0) {
    parts.push(`有${remarks}次写了文字备注，复诊时可以给医生看看。`);
  }
  return parts.join('');
}

/** The clinical block of a sugar report: each summary or the reason data are insufficient. */
export type SugarClinical = {
  readonly ownTargets: Summary<TargetRanges>;
  readonly consensus: Summary<ConsensusRanges>;
  readonly variability: Summary<Variability>;
  readonly gmi: Summary<Gmi>;
};

/** Readings in range (own targets and consensus ranges), mean/SD/CV and GMI, each data-gated. */
export function sugarClinical(
  readings: readonly ReportSugarReading[],
  rangeOf: (timeType: number) => SugarRange | undefined,
): SugarClinical {
  const values = readings.map((r) => r.sugar);
  return {
    ownTargets: targetRanges(
      readings,
      (r) => r.sugar,
      (r) => rangeOf(r.timeType),
    ),
    consensus: consensusRanges(values),
    variability: glucoseVariability(values),
    gmi: estimateGmi(readings.map((r) => ({ at: r.at, mmol: r.sugar }))),
  };
}

/** Everything a sugar report shows, generated from the period's readings. */
export type SugarReportContent = LevelCounts & {
  readonly sugarLog: SugarLogDay[];
  readonly timeDistribution: SlotDistribution[];
  readonly testAnalysis: string;
  readonly monitorGuide: string;
  readonly eatGuide: string;
  readonly sportGuide: string;
  readonly healthAlter: string;
  readonly clinical: SugarClinical;
};

/** Builds a sugar report's content from the readings of a period of `periodDays` days. */
export function sugarReportContent(
  readings: readonly ReportSugarReading[],
  rangeOf: (timeType: number) => SugarRange | undefined,
  periodDays: number,
): SugarReportContent {
  const judged = judgeSugarReadings(readings, rangeOf);
  const timeDistribution = sugarTimeDistribution(judged);
  const pattern = patternOf(judged, timeDistribution, periodDays);
  return {
    ...pattern.counts,
    sugarLog: sugarLogByDay(judged),
    timeDistribution,
    testAnalysis: sugarTestAnalysis(pattern),
    monitorGuide: sugarMonitorGuide(pattern),
    eatGuide: sugarEatGuide(pattern),
    sportGuide: sugarSportGuide(pattern),
    healthAlter: sugarHealthAlter(judged),
    clinical: sugarClinical(readings, rangeOf),
  };
}
