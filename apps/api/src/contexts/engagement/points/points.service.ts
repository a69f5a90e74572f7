import {
  DAILY_TASK_CAPS,
  ORDER_MESSAGES,
  POINTS_ORDER_ACTIONS,
  POINTS_RULE_TEXTS,
  POINTS_TASKS,
  RANKING_LIST_SIZE,
  TASK_NOT_READY_MESSAGE,
  TASK_UNKNOWN_MESSAGE,
  TASK_TYPE_DAILY,
  chinaDateKey,
  formatChinaTime,
  maskPatientName,
  pointsActionName,
  pointsTask,
  taskPointsToAward,
  taskState,
} from '@glucoguard/domain';
import { withSubjectLock, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { customerRatio } from '../../identity';
import { CustomerRepository } from '../../identity';
import { PointsRepository, type RankRow } from './points.repository';

/** The China month of an instant as a tally period, `YYYY-MM`. */
export const monthPeriod = (at: Date) => formatChinaTime(at, 'YYYY-MM');

/** What a credit paid: the points (0 when capped) and whether the key had already been paid. */
export interface CreditResult {
  score: number;
  duplicate: boolean;
}

export interface CreditRequest {
  /** The task or action code (domain `POINTS_TASKS`). */
  code: string;
  /** Unique per customer: the same key never pays twice. */
  key: string;
  /** When it is earned: decides the China day (caps, daily tasks) and month (ranking). */
  at: Date;
  /** The points, or how many given what the code already paid that China day. */
  score: number | ((earnedToday: number) => number);
}

/**
 * Appends one ledger entry and moves the balance and the tallies with it, in one transaction under
 * the customer's advisory lock, so parallel requests are counted one after another and a cap is
 * checked against everything already paid. A key already in the ledger pays nothing.
 */
export async function credit(em: Db, customerId: string, request: CreditRequest): Promise<CreditResult> {
  return withSubjectLock(em, `points:${customerId}`, async (tx) => {
    const repo = new PointsRepository(tx);
    const idemKey = `${request.code}:${request.key}`;
    if (await repo.hasKey(customerId, idemKey)) {
      return { score: 0, duplicate: true };
    }
    const chinaDay = chinaDateKey(request.at);
    const score =
      typeof request.score === 'number'
        ? request.score
        : request.score(await repo.earnedOn(customerId, request.code, chinaDay));
    // The unique (customer, key) index is the last word even without the lock.
    const appended = await repo.append({
      customerId,
      score,
      actionCode: request.code,
      actionName: pointsActionName(request.code),
      idemKey,
      chinaDay,
      at: request.at,
    });
    if (!appended) {
      return { score: 0, duplicate: true };
    }
    if (score > 0) {
      await repo.addEarned(customerId, score, monthPeriod(request.at));
    }
    return { score, duplicate: false };
  });
}

/** The customer's points balance, read from the database (not from an entity that may be stale). */
export async function pointsBalance(db: Db, customerId: string): Promise<number> {
  return new PointsRepository(db).balance(customerId);
}

/**
 * Moves points for an order (the order module's ledger port, wired in composition.ts): spending
 * (negative, refused with 积分不足 when the balance is short) or giving back. Under the customer's
 * lock, idempotent by `key`; it moves the balance only, never the rankings' tallies.
 */
async function moveOrderPoints(
  db: Db,
  customerId: string,
  action: (typeof POINTS_ORDER_ACTIONS)[keyof typeof POINTS_ORDER_ACTIONS],
  delta: number,
  key: string,
  at: Date,
): Promise<void> {
  if (delta === 0) {
    return;
  }
  await withSubjectLock(db, `points:${customerId}`, async (tx) => {
    const repo = new PointsRepository(tx);
    const idemKey = `${action.code}:${key}`;
    if (await repo.hasKey(customerId, idemKey)) {
      return;
    }
    if (delta < 0 && (await repo.balance(customerId)) < -delta) {
      throw new AppError(ErrorCodes.conflict, ORDER_MESSAGES.pointsShort, 409);
    }
    const appended = await repo.append({
      customerId,
      score: delta,
      actionCode: action.code,
      actionName: action.name,
      idemKey,
      chinaDay: chinaDateKey(at),
      at,
    });
    if (appended) {
      await repo.addBalance(customerId, delta);
    }
  });
}

/** Spends points on an order (idempotent by key; 积分不足 when short). */
export function spendOrderPoints(db: Db, customerId: string, amount: number, key: string, at: Date) {
  return moveOrderPoints(db, customerId, POINTS_ORDER_ACTIONS.spend, -Math.abs(amount), key, at);
}

/** Gives an order's points back (a cancel or a time-out; idempotent by key). */
export function returnOrderPoints(db: Db, customerId: string, amount: number, key: string, at: Date) {
  return moveOrderPoints(db, customerId, POINTS_ORDER_ACTIONS.giveBack, Math.abs(amount), key, at);
}

/** The kinds of reading that earn points, by their task code. */
export type ReadingKind = 'SUGAR_TEST' | 'BLOOD_PRESSURE_TEST';

/**
 * Pays the points for one reading, by hand or from a meter: the task's `onceScore` up to the daily
 * cap (domain `taskPointsToAward`, 3 a day each for sugar and pressure). `readingKey` identifies the
 * reading (its id, or the meter's own key for it) so a replay pays nothing; `at` is when the
 * reading reached us (the server's now), not when it was measured, so a backlog of old readings
 * cannot pay for days gone by.
 */
export async function awardForReading(
  em: Db,
  customerId: string,
  kind: ReadingKind,
  readingKey: string,
  at: Date,
): Promise<CreditResult> {
  const onceScore = pointsTask(kind)?.onceScore ?? 1;
  return credit(em, customerId, {
    code: kind,
    key: readingKey,
    at,
    score: (earnedToday) => taskPointsToAward(kind, onceScore, earnedToday),
  });
}

/** The balance and this China month's points (spec: /sign/v1/getSignScore). */
export function pointsSummary(em: Db, customerId: string, now: Date) {
  return new PointsRepository(em).summary(customerId, monthPeriod(now));
}

/** The ledger, newest first, 10 a page (spec: /customer/v1/scoreDetail). */
export async function scoreDetail(em: Db, customerId: string, pageNo: number, pageSize: number) {
  const { lines, total } = await new PointsRepository(em).page(customerId, pageNo, pageSize);
  return { ...pageOf(lines, total, pageNo, pageSize), total };
}

const taskRule = (t: (typeof POINTS_TASKS)[number]) => ({
  settingCode: t.settingCode,
  settingName: t.settingName,
  taskType: t.taskType,
  onceScore: t.onceScore,
  dailyCap: DAILY_TASK_CAPS[t.settingCode] ?? null,
  description: t.description,
});

/** The rules of points (spec: /customer/v1/getScoreRule). */
export function scoreRule() {
  return { rules: [...POINTS_RULE_TEXTS], tasks: POINTS_TASKS.map(taskRule) };
}

/** Whether a claim task's condition holds. */
async function readiness(em: Db, customerId: string): Promise<Record<string, boolean>> {
  const [customer, readings] = await Promise.all([
    new CustomerRepository(em).get(customerId),
    new PointsRepository(em).hasReadings(customerId),
  ]);
  return {
    COMPLETE_PROFILE: customerRatio(customer) >= 100,
    FIRST_SUGAR_TEST: readings.sugar,
    FIRST_BLOOD_PRESSURE_TEST: readings.pressure,
  };
}

/** The task list with today's progress (spec: /customer/v1/getDayTask): `complete` 0 shows 领取. */
export async function dayTasks(em: Db, customerId: string, now: Date) {
  const [progress, ready] = await Promise.all([
    new PointsRepository(em).progress(customerId, chinaDateKey(now)),
    readiness(em, customerId),
  ]);
  return POINTS_TASKS.map((t) => {
    const p = progress.get(t.settingCode);
    const earned = (t.taskType === TASK_TYPE_DAILY ? p?.today : p?.ever) ?? 0;
    return {
      ...taskRule(t),
      ...taskState(t, { earned, ready: ready[t.settingCode] ?? false }),
      earned,
      kind: t.kind,
      imgUrl: '',
      url: t.url,
    };
  });
}

/**
 * Claims a claim task's points once (daily tasks once a China day). A repeated claim answers the
 * first one's outcome with `duplicate` and pays nothing; a task whose condition does not hold yet
 * answers 40000.
 */
export async function claimTask(em: Db, customerId: string, settingCode: string, now: Date) {
  const task = pointsTask(settingCode);
  if (!task || task.kind !== 'claim') {
    throw new AppError(ErrorCodes.badRequest, TASK_UNKNOWN_MESSAGE);
  }
  const ready = await readiness(em, customerId);
  const key = task.taskType === TASK_TYPE_DAILY ? chinaDateKey(now) : 'once';
  if (!ready[settingCode]) {
    // A task that was already paid stays paid even if its condition no longer holds.
    if (!(await new PointsRepository(em).hasKey(customerId, `${settingCode}:${key}`))) {
      throw new AppError(ErrorCodes.badRequest, TASK_NOT_READY_MESSAGE);
    }
  }
  const result = await credit(em, customerId, { code: settingCode, key, at: now, score: task.onceScore });
  return { paid: result.score, duplicate: result.duplicate, ...(await pointsSummary(em, customerId, now)) };
}

const rankItem = (r: RankRow) => ({
  rank: r.rank,
  userName: maskPatientName(r.nickname || '糖友'),
  avatar: r.headimgurl,
  sex: r.sex,
  score: r.score,
});

/** Both rankings with the caller's own places (spec: /customer/v1/scoreRanking). */
export async function scoreRanking(em: Db, customerId: string, now: Date) {
  const month = monthPeriod(now);
  const repo = new PointsRepository(em);
  const [top, own] = await Promise.all([repo.top(month, RANKING_LIST_SIZE), repo.own(customerId, month)]);
  return {
    monthScore: own.month.score,
    monthRank: own.month.rank,
    totalScore: own.total.score,
    totalRank: own.total.rank,
    monthObtainRank: top.filter((r) => r.period === month).map(rankItem),
    totalObtainRank: top.filter((r) => r.period !== month).map(rankItem),
  };
}
