/*
 * The weekly or monthly blood-pressure report's parts (spec 2 §2.6, §3); general advice only, never medicine.
 */
import { bloodPressureSort, type BpRangeConfig } from '../pressure/bloodPressure';
import type { Summary } from '../clinical/glucose';
import {
  HOME_BP_DBP_THRESHOLD,
  HOME_BP_MIN_DAYS,
  HOME_BP_MIN_READINGS,
  HOME_BP_SBP_THRESHOLD,
  summariseHomeBp,
} from '../clinical/homeBp';
import type { HomeBpSummary } from '../clinical/homeBp';
import { roundTo } from '../shared/numbers';
import type { SugarLevel } from '../glucose/sugar';
import { compareChinaTimeText, type Instant } from '../shared/time';
import { countLevels, percent, type LevelCounts } from './levelCounts';
import { REPORT_FAIR_SHARE, REPORT_GOOD_SHARE } from './reportContent';

/** A pressure reading as a report reads it. */
export type ReportBpReading = {
  /** China wall-clock time, `YYYY-MM-DD HH:mm:ss`. */
  readonly time: string;
  readonly at: Instant;
  readonly sbp: number;
  readonly dbp: number;
  readonly hr: number;
};

/**
 * The report's five levels of a pressure reading, from the range configuration's `sort` (the worse
 * of systolic and diastolic): grade 2 or 3 hypertension (sort ≥ 5) is seriousHigh, grade 1 (4) high,
 * normal and high-normal (2–3) normal, hypotension (1) low. No configured grade is seriously low.
 */
export function bpReportLevel(sbp: number, dbp: number, config: readonly BpRangeConfig[]): SugarLevel | null {
  const sort = bloodPressureSort(sbp, dbp, config);
  if (sort === undefined) {
    return null;
  }
  if (sort >= 5) {
    return 'seriousHigh';
  }
  if (sort === 4) {
    return 'high';
  }
  return sort >= 2 ? 'normal' : 'low';
}

/** A pressure reading with its report level. */
export type JudgedBpReading = ReportBpReading & { readonly level: SugarLevel | null };

/** What a period's pressure readings show. */
export type BpPattern = {
  readonly total: number;
  readonly counts: LevelCounts;
  readonly inRangeShare: number;
  readonly mean: { readonly sbp: number; readonly dbp: number; readonly hr: number };
  readonly home: Summary<HomeBpSummary>;
  readonly hasHighs: boolean;
  readonly hasLows: boolean;
  readonly daysWithReadings: number;
  readonly periodDays: number;
};

/** Reads the pattern of a period's pressure readings (at least one reading). */
export function bpPattern(readings: readonly JudgedBpReading[], periodDays: number): BpPattern {
  const counts = countLevels(readings.map((r) => r.level));
  const n = Math.max(readings.length, 1);
  const avg = (pick: (r: JudgedBpReading) => number) => roundTo(readings.reduce((s, r) => s + pick(r), 0) / n, 1);
  return {
    total: readings.length,
    counts,
    inRangeShare: percent(counts.normalCount, readings.filter((r) => r.level !== null).length),
    mean: { sbp: avg((r) => r.sbp), dbp: avg((r) => r.dbp), hr: avg((r) => r.hr) },
    home: summariseHomeBp(readings),
    hasHighs: counts.highCount + counts.seriousHighCount > 0,
    hasLows: counts.lowCount + counts.seriousLowCount > 0,
    daysWithReadings: new Set(readings.map((r) => r.time.slice(0, 10))).size,
    periodDays,
  };
}

const bpText = (m: { sbp: number; dbp: number } | null) => (m ? `${m.sbp}/${m.dbp} mmHg` : '未测量');

/** What the pressure numbers say, with the home morning/evening averages against 135/85. */
export function bpTestAnalysis(p: BpPattern): string {
  const c = p.counts;
  const parts = [
    `本期共测量血压${p.total}次，平均${p.mean.sbp}/${p.mean.dbp} mmHg，平均脉搏${p.mean.hr}次/分；正常${c.normalCount}次（${p.inRangeShare}%），偏高${c.highCount + c.seriousHighCount}次（其中2级及以上${c.seriousHighCount}次），偏低${c.lowCount + c.seriousLowCount}次。`,
  ];
  if (p.home.status === 'ok') {
    const h = p.home;
    parts.push(
      `家庭早晚血压：早晨平均${bpText(h.morning)}，晚间平均${bpText(h.evening)}，总平均${bpText(h.overall)}，${
        h.elevated
          ? `高于家庭血压${HOME_BP_SBP_THRESHOLD}/${HOME_BP_DBP_THRESHOLD} mmHg的标准。`
          : `在家庭血压${HOME_BP_SBP_THRESHOLD}/${HOME_BP_DBP_THRESHOLD} mmHg的标准以内。`
      }`,
    );
  } else {
    parts.push(
      `家庭早晚血压需要首日之后至少${HOME_BP_MIN_DAYS}天、${HOME_BP_MIN_READINGS}次早晚测量才能评估，本期数据还不够。`,
    );
  }
  if (p.inRangeShare >= REPORT_GOOD_SHARE) {
    parts.push('大部分读数正常，控制得不错。');
  } else if (p.inRangeShare >= REPORT_FAIR_SHARE) {
    parts.push('约一半以上读数正常，还有改善空间。');
  } else {
    parts.push('多数读数不在正常范围，建议带上本报告与医生一起回顾近期情况。');
  }
  return parts.join('');
}

/** How often and when to measure pressure next. */
export function bpMonitorGuide(p: BpPattern): string {
  const parts: string[] = [];
  if (p.home.status !== 'ok') {
    parts.push('建议连续7天，每天早晨6~9点（早餐前、排尿后）和晚上6~9点各测2次，每次间隔1分钟，取平均值。');
  } else {
    if (p.home.morning === null) {
      parts.push('本期缺少早晨测量，请在早晨6~9点测量一次。');
    }
    if (p.home.evening === null) {
      parts.push('本期缺少晚间测量，请在晚上6~9点测量一次。');
    }
  }
  if (p.hasHighs) {
    parts.push('偏高的读数较多，请坚持每天早晚测量并记录，复诊时带给医生看。');
  }
  if (p.hasLows) {
    parts.push('出现偏低时请先坐下休息，起身动作放慢，并在不适时加测一次。');
  }
  if (parts.length === 0) {
    parts.push('本期测量比较规律，请继续每周至少3天早晚测量。');
  }
  return parts.join('');
}

/** Diet advice for pressure, chosen by highs and lows. */
export function bpEatGuide(p: BpPattern): string {
  const parts: string[] = [];
  if (p.hasHighs) {
    parts.push('血压偏高：清淡少盐，每天食盐不超过5克，少吃腌制食品和加工肉类；多吃新鲜蔬菜水果，限制饮酒。');
  }
  if (p.hasLows) {
    parts.push('血压偏低：注意补充水分，不要长时间空腹，饭后稍作休息再活动。');
  }
  if (parts.length === 0) {
    parts.push('血压总体平稳：继续保持清淡少盐、均衡的饮食。');
  }
  return parts.join('');
}

/** Exercise advice for pressure, chosen by highs and lows. */
export function bpSportGuide(p: BpPattern): string {
  const parts: string[] = [];
  if (p.hasHighs) {
    parts.push(
      '每周至少150分钟中等强度有氧运动，如快走、慢跑、游泳，避免憋气用力的动作；血压很高或有不适时先休息，不宜运动。',
    );
  }
  if (p.hasLows) {
    parts.push('运动循序渐进，变换体位时放慢动作，避免在高温环境中长时间运动。');
  }
  if (parts.length === 0) {
    parts.push('坚持规律运动，每天30分钟左右的快走或太极拳都是不错的选择。');
  }
  return parts.join('');
}

/** The report's data table row of a pressure reading. */
export type BpReportRow = {
  readonly time: string;
  readonly sbp: number;
  readonly dbp: number;
  readonly hr: number;
  readonly level: SugarLevel | null;
};

/** Everything a pressure report shows. */
export type BpReportContent = LevelCounts & {
  readonly datas: BpReportRow[];
  readonly testAnalysis: string;
  readonly monitorGuide: string;
  readonly eatGuide: string;
  readonly sportGuide: string;
  readonly clinical: { readonly homeBp: Summary<HomeBpSummary> };
};

/** Builds a pressure report's content from the readings of a period of `periodDays` days. */
export function bpReportContent(
  readings: readonly ReportBpReading[],
  config: readonly BpRangeConfig[],
  periodDays: number,
): BpReportContent {
  const judged = readings.map((r) => ({ ...r, level: bpReportLevel(r.sbp, r.dbp, config) }));
  const pattern = bpPattern(judged, periodDays);
  return {
    ...pattern.counts,
    datas: [...judged]
      .sort((a, b) => compareChinaTimeText(a.time, b.time))
      .map((r) => ({ time: r.time, sbp: r.sbp, dbp: r.dbp, hr: r.hr, level: r.level })),
    testAnalysis: bpTestAnalysis(pattern),
    monitorGuide: bpMonitorGuide(pattern),
    eatGuide: bpEatGuide(pattern),
    sportGuide: bpSportGuide(pattern),
    clinical: { homeBp: pattern.home },
  };
}
