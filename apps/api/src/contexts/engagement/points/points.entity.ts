import { defineEntity, p } from '@mikro-orm/core';

/**
 * One line of the points ledger (spec 1 §3 Points log). Append-only: rows are never changed or
 * deleted. `idemKey` is unique per customer, so a retried request, a double click or a replayed
 * meter reading finds its entry already there and pays nothing. Entries of 0 points record an
 * action that hit its daily cap, so a later replay of it cannot pay either.
 */
export const PointsEntrySchema = defineEntity({
  name: 'PointsEntry',
  tableName: 'points_entry',
  indexes: [{ properties: ['customerId', 'createdAt'] }, { properties: ['customerId', 'actionCode', 'chinaDay'] }],
  uniques: [{ properties: ['customerId', 'idemKey'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid(),
    /** Points added (negative when spent). */
    score: p.integer(),
    /** The task or action code (domain `POINTS_TASKS`), which caps and task progress count by. */
    actionCode: p.string().length(32),
    /** The reason as the points detail shows it (the spec's actionName). */
    actionName: p.string().length(32),
    /** What makes this entry unique for the customer, e.g. `SIGN_IN:2026-11-20` or `SUGAR_TEST:1234`. */
    idemKey: p.string().length(100),
    /** The China day the points count for (daily caps and tasks). */
    chinaDay: p.string().columnType('date'),
    createdAt: p.datetime(),
  },
});

export class PointsEntry extends PointsEntrySchema.class {}
PointsEntrySchema.setClass(PointsEntry);

/**
 * Points earned per customer and period, kept in the same transaction as the ledger: `ALL` for the
 * total ranking and `YYYY-MM` (China month) for the monthly one. Spending does not lower it. The
 * ranking reads the top of the (period, score) index instead of summing the ledger.
 */
export const PointsTallySchema = defineEntity({
  name: 'PointsTally',
  tableName: 'points_tally',
  indexes: [{ properties: ['period', 'score', 'customerId'] }],
  properties: {
    period: p.string().length(7).primary(),
    customerId: p.uuid().primary(),
    score: p.integer().default(0),
  },
});

export class PointsTally extends PointsTallySchema.class {}
PointsTallySchema.setClass(PointsTally);

/**
 * How many customers hold each score in each period: a customer's own rank is one more than the
 * customers in the buckets above their score, a sum over a few hundred rows instead of a count
 * over every customer. Kept in the same transaction as the tallies.
 */
export const PointsScoreCountSchema = defineEntity({
  name: 'PointsScoreCount',
  tableName: 'points_score_count',
  properties: {
    period: p.string().length(7).primary(),
    score: p.integer().primary(),
    customers: p.integer().default(0),
  },
});

export class PointsScoreCount extends PointsScoreCountSchema.class {}
PointsScoreCountSchema.setClass(PointsScoreCount);
