import { classifyBloodPressure, classifySugar, pressureTip, sugarTip } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { rangesFor } from '../glucose/glucose.service';
import { ranges } from '../pressure/pressure.service';
import { HealthTipRepository } from './healthTip.repository';

/** 1 blood sugar, 2 blood pressure (the reports' reportType, spec 2 §2.5). */
export type TipReportType = 1 | 2;

/**
 * The tip shown with a reading (GET /sugarTest/v1/getHealthMessage): chosen by the level of the
 * caller's own latest reading of that kind, judged against the caller's own targets, varied by day.
 */
export async function readingHealthMessage(db: Db, customerId: string, reportType: TipReportType, now: Date) {
  const repo = new HealthTipRepository(db);
  if (reportType === 2) {
    const latest = await repo.latestPressure(customerId);
    const level = latest ? (classifyBloodPressure(latest.sbp, latest.dbp, await ranges(db)) ?? null) : null;
    return { healthMessage: { content: pressureTip(level, now), level } };
  }
  const latest = await repo.latestSugar(customerId);
  let level = null;
  if (latest) {
    const range = (await rangesFor(db, customerId)).range(latest.timeType);
    level = range ? classifySugar(latest.sugar, range) : null;
  }
  return { healthMessage: { content: sugarTip(level, now), level } };
}
