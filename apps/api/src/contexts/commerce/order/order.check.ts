// The pre-order check (spec 3 §4; docs/adr/0178): may the caller order these goods now, and if so a
// fresh single-use token that placing the order consumes (order.service.ts).
import { randomBytes } from 'node:crypto';
import type { Schema } from '@glucoguard/sdk';
import {
  GOODS_OFF_SHELF_MESSAGE,
  isGoodsOnSale,
  ORDER_MESSAGES,
  PRE_ORDER_TOKEN_TTL_MS,
  UNPAID_ORDER_MARK,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { QueryOf } from '../../../lib/contract';
import { registeredCustomerId, type SessionContext } from '../../../lib/session-context';
import { reserveCoupon } from '../coupon/coupon.service';
import { goodsForOrder } from '../goods/goods.service';
import { OrderRepository } from './order.repository';
import { chinaIso } from './order.view';

/** The items of a comma list, trimmed, without empty ones. */
export const listOf = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

type PreOrderCheck = Schema<'PreOrderCheck'>;

/**
 * The pre-order check: the goods on sale and in stock, no unpaid online order of the caller's, the
 * coupon usable; when all hold, a fresh single-use token. The outcome is data, not an error.
 */
export async function preOrderCheck(
  db: Db,
  session: SessionContext,
  query: QueryOf<'preOrderCheck'>,
  now: Date,
): Promise<PreOrderCheck> {
  const customerId = registeredCustomerId(session);
  const refuse = (errMsg: string, data: 'UnpaidOrder' | null = null): PreOrderCheck => ({
    result: { code: '1', data, errMsg },
    token: null,
    expiresAt: null,
  });
  const repo = new OrderRepository(db);
  if (await repo.unpaidOnline(customerId, now)) {
    return refuse(ORDER_MESSAGES.unpaidOrder, UNPAID_ORDER_MARK);
  }
  const goodsIds = listOf(query.goodsIds).map(Number);
  const refusal = await inTransaction(db, (tx) => goodsRefusal(tx, customerId, goodsIds, query.couponId, now));
  if (refusal) {
    return refuse(refusal);
  }
  // Each check leaves a token; the caller's expired ones go as a new one is made.
  await repo.pruneTokens(customerId, now);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + PRE_ORDER_TOKEN_TTL_MS);
  await repo.insertToken({ token, customerId, goodsIds: goodsIds.join(','), expiresAt, createdAt: now });
  return { result: { code: '0', data: null, errMsg: '' }, token, expiresAt: chinaIso(expiresAt) };
}

/** Why the goods (and the coupon) cannot be ordered now, or null; the goods rows are read locked, so in a transaction. */
async function goodsRefusal(
  tx: Db,
  customerId: string,
  goodsIds: number[],
  couponId: string | undefined,
  now: Date,
): Promise<string | null> {
  for (const goodsId of goodsIds) {
    const goods = await goodsForOrder(tx, goodsId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCodes.notFound) {
        return null;
      }
      throw error;
    });
    if (!goods) {
      return ORDER_MESSAGES.goodsMissing;
    }
    if (!isGoodsOnSale(goods)) {
      return GOODS_OFF_SHELF_MESSAGE;
    }
    if (goods.stock < 1) {
      return ORDER_MESSAGES.stockShort;
    }
    if (couponId) {
      const usable = await couponUsable(tx, customerId, couponId, goods.id, goods.goodsValue, now);
      if (!usable.ok) {
        return usable.errMsg;
      }
    }
  }
  return null;
}

/** Whether the coupon would be accepted now: reserved in a transaction that is then rolled back. */
async function couponUsable(db: Db, customerId: string, couponId: string, goodsId: number, cents: number, now: Date) {
  const probe = new Error('probe');
  try {
    await inTransaction(db, async (tx) => {
      await reserveCoupon(tx, customerId, couponId, goodsId, cents, now);
      throw probe;
    });
  } catch (error) {
    if (error === probe) {
      return { ok: true as const };
    }
    if (error instanceof AppError) {
      return { ok: false as const, errMsg: error.errMsg };
    }
    throw error;
  }
  return { ok: true as const };
}
