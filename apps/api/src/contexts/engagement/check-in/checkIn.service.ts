import {
  SIGN_IN_BONUS_NOTE,
  SIGN_IN_REWARD_TEXT,
  SIGN_IN_ROW_DAYS,
  chinaDateKey,
  currentSeries,
  nextSeries,
  parseChinaDateTime,
  signInReward,
} from '@glucoguard/domain';
import { withSubjectLock, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { Brand } from '@glucoguard/domain';
import type { ObjectStore } from '../../../providers/storage/storage';
import { cachedImage } from '../../../lib/poster';
import { CHECK_IN_IMAGE_VERSION, renderCheckInDayImage } from './checkIn.image';
import { credit, pointsSummary } from '../points/points.service';
import { CheckInRepository } from './checkIn.repository';

/** The longest span the calendar call answers (two months and a bit). */
const MAX_SPAN_DAYS = 62;

/**
 * Checks the caller in (签到) for today's China day (spec: POST /sign/v1/signIn): the streak grows when
 * yesterday was signed, the reward follows the streak (domain `signInReward`). Once a day: a second
 * call answers today's result with `alreadySigned` and pays nothing. The same advisory lock as the
 * ledger makes parallel calls wait for each other.
 */
export async function checkIn(em: Db, customerId: string, now: Date) {
  const today = chinaDateKey(now);
  const outcome = await withSubjectLock(em, `points:${customerId}`, async (tx) => {
    const repo = new CheckInRepository(tx);
    const last = await repo.latestUpTo(customerId, today);
    if (last?.day === today) {
      return { series: last.series, reward: last.score, alreadySigned: true };
    }
    const series = nextSeries(last, today);
    const reward = signInReward(series);
    if (!(await repo.insert(customerId, { day: today, series, score: reward }, now))) {
      throw new AppError(ErrorCodes.conflict, '今天已签到', 409);
    }
    await credit(tx, customerId, { code: 'SIGN_IN', key: today, at: now, score: reward });
    return { series, reward, alreadySigned: false };
  });
  return { ...outcome, signDay: today, ...(await pointsSummary(em, customerId, now)) };
}

/** The check-in page's header (spec: GET /sign/v1/getSignInfo). */
export async function checkInInfo(em: Db, customerId: string, now: Date) {
  const today = chinaDateKey(now);
  const last = await new CheckInRepository(em).latestUpTo(customerId, today);
  const signedToday = last?.day === today;
  const series = currentSeries(last, today);
  // What signing today pays (or paid): the next day of the streak.
  const todayReward = signedToday ? (last?.score ?? 0) : signInReward(nextSeries(last, today));
  return {
    series,
    signedToday,
    todayReward,
    today,
    rowDays: SIGN_IN_ROW_DAYS,
    rewardText: SIGN_IN_REWARD_TEXT,
    bonusNote: SIGN_IN_BONUS_NOTE,
    ...(await pointsSummary(em, customerId, now)),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function spanDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The checked-in days of a calendar span (spec: GET /sign/v1/getSigns with startTime and endTime). */
export async function checkInDays(em: Db, customerId: string, startTime: string, endTime: string) {
  const from = startTime.slice(0, 10);
  const to = endTime.slice(0, 10);
  if (!DAY.test(from) || parseChinaDateTime(from) === null) {
    throw new AppError(ErrorCodes.badRequest, '开始时间格式不正确');
  }
  if (!DAY.test(to) || parseChinaDateTime(to) === null) {
    throw new AppError(ErrorCodes.badRequest, '结束时间格式不正确');
  }
  const span = spanDays(from, to);
  if (span < 0) {
    throw new AppError(ErrorCodes.badRequest, '开始时间不能晚于结束时间');
  }
  if (span > MAX_SPAN_DAYS) {
    throw new AppError(ErrorCodes.badRequest, `查询范围不能超过${MAX_SPAN_DAYS}天`);
  }
  const days = await new CheckInRepository(em).between(customerId, from, to);
  return { signs: days.map((d) => ({ createTime: d.day, signIn: 1 as const, series: d.series, score: d.score })) };
}

/**
 * The share image of one of the caller's signed days (spec: sign-day detail, shareTime → imgUrl):
 * drawn once per customer, brand and day content, then served from storage.
 */
export async function checkInDayImage(
  em: Db,
  store: ObjectStore,
  secret: string,
  customerId: string,
  brand: Brand,
  shareTime: string,
) {
  const day = shareTime.slice(0, 10);
  if (!DAY.test(day) || parseChinaDateTime(day) === null) {
    throw new AppError(ErrorCodes.badRequest, '分享日期格式不正确');
  }
  const signed = await new CheckInRepository(em).day(customerId, day);
  if (signed === null) {
    throw notFound('这一天没有签到');
  }
  const { path, cached } = await cachedImage(
    store,
    secret,
    'sign-days',
    { v: CHECK_IN_IMAGE_VERSION, customerId, brand, ...signed },
    () => renderCheckInDayImage(brand, signed),
  );
  return { imgUrl: path, ...signed, cached };
}
