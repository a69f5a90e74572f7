import {
  CONSULT_READINGS_SUMMARIES,
  bpPattern,
  bpReportLevel,
  bpTestAnalysis,
  consultSummarySpan,
  judgeSugarReadings,
  sugarPattern,
  sugarTestAnalysis,
  type ConsultReadingsPeriod,
  type JudgedBpReading,
  type JudgedSugarReading,
  type LevelCounts,
} from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { rangesFor } from '../glucose/glucose.service';
import { ranges } from '../pressure/pressure.service';
import { ReportRepository } from './report.repository';

const DAY_MS = 86_400_000;

/** The counts of one summary, with the report's own analysis text (null: no reading in the span). */
interface SummaryPart {
  count: number;
  counts: LevelCounts;
  inRangeShare: number;
  analysis: string;
}

const within = (at: number, span: { from: Date; to: Date }) => at >= span.from.getTime() && at < span.to.getTime();
const spanDays = (span: { from: Date; to: Date }) =>
  Math.max(1, Math.ceil((span.to.getTime() - span.from.getTime()) / DAY_MS));

function sugarSummary(readings: readonly JudgedSugarReading[], days: number): SummaryPart | null {
  if (readings.length === 0) {
    return null;
  }
  const pattern = sugarPattern(readings, days);
  return {
    count: pattern.total,
    counts: pattern.counts,
    inRangeShare: pattern.inRangeShare,
    analysis: sugarTestAnalysis(pattern),
  };
}

function pressureSummary(readings: readonly JudgedBpReading[], days: number) {
  if (readings.length === 0) {
    return null;
  }
  const pattern = bpPattern(readings, days);
  return {
    count: pattern.total,
    counts: pattern.counts,
    inRangeShare: pattern.inRangeShare,
    mean: pattern.mean,
    analysis: bpTestAnalysis(pattern),
  };
}

/**
 * A patient's glucose and pressure readings of [from, to), newest first, each judged as the
 * patient's own screens judge it (their sugar targets, the pressure grades), with the report
 * summaries of the window's last week and last 30 days (the weekly and monthly reports' analysis).
 * For care's consultation view (docs/adr/0156-consult-readings-window.md); the caller has checked
 * that the viewer may read them and records the read.
 */
export async function readingsForCare(db: Db, customerId: string, window: { from: Date; to: Date }) {
  const repository = new ReportRepository(db);
  const [sugarRows, pressureRows, { range }, bpConfig] = await Promise.all([
    repository.sugarReadings(customerId, window.from, window.to),
    repository.pressureReadings(customerId, window.from, window.to),
    rangesFor(db, customerId),
    ranges(db),
  ]);
  const sugar = judgeSugarReadings(sugarRows, range);
  const pressure: JudgedBpReading[] = pressureRows.map((r) => ({ ...r, level: bpReportLevel(r.sbp, r.dbp, bpConfig) }));
  const summaries = CONSULT_READINGS_SUMMARIES.map(({ period, label, days }) => {
    const span = consultSummarySpan(window, days);
    const length = spanDays(span);
    return {
      period: period satisfies ConsultReadingsPeriod,
      label,
      from: span.from.toISOString(),
      to: span.to.toISOString(),
      glucose: sugarSummary(
        sugar.filter((r) => within(Number(r.at), span)),
        length,
      ),
      pressure: pressureSummary(
        pressure.filter((r) => within(Number(r.at), span)),
        length,
      ),
    };
  });
  return {
    glucose: sugar
      .map((r) => ({ time: r.time, timeType: r.timeType, sugar: r.sugar, level: r.level, remark: r.remark }))
      .reverse(),
    pressure: pressure.map((r) => ({ time: r.time, sbp: r.sbp, dbp: r.dbp, hr: r.hr, level: r.level })).reverse(),
    summaries,
  };
}
