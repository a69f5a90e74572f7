// Orders of the mall (spec 3 §2.7, §4, §5, §9; docs/adr/0178–0181): placing an order in one
// transaction (token, rules, stock, points, strips, coupon, address, auto-cancel timer), paying it
// through a payment intent, and the customer's list and detail. The pre-order check is
// order.check.ts; cancelling, refunds and the paid effects order.lifecycle.ts; the console's moves
// order.console.ts.
import { randomInt } from 'node:crypto';
import {
  canPayOrder,
  effectiveReceiveType,
  ORDER_MESSAGES,
  ORDER_STALE_CHECK_CODE,
  orderAmounts,
  orderAutoCancelAt,
  orderNeedsPayment,
  goodsTypeOf,
  PAY_TYPE,
  RECEIVE_TYPE_UI,
  receiveTypeFromApi,
  receiveTypeToApi,
  validateOrderPlacement,
  validateOrderSubmit,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import type { BodyOf, QueryOf } from '../../../lib/contract';
import { registeredCustomerId, type SessionContext } from '../../../lib/session-context';
import type { PaymentProvider } from '../../../providers/payment/payment';
import { scheduleJob } from '../../platform';
import { addressForOrder } from '../address/address.service';
import { consumeCoupon, reserveCoupon } from '../coupon/coupon.service';
import { goodsForOrder, takeStock } from '../goods/goods.service';
import { createPaymentIntent, type IntentView } from '../payment/payment.service';
import { listOf } from './order.check';
import { ownOrder } from './order.access';
import { markPaidWithoutPayment } from './order.lifecycle';
import { isRechargeDevice, orderLedgers } from './order.ports';
import { OrderRepository, type OrderRow } from './order.repository';
import { orderDetailView, orderView } from './order.view';

/** The durable job that cancels an order still unpaid at its autoCancelTime (key: the order id). */
export const ORDER_AUTO_CANCEL_JOB = 'commerce.order.autoCancel';

/** Orders per page of the list (spec 3 §9). */
export const ORDER_PAGE_SIZE = 4;

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg, 400);
const conflict = (errMsg: string) => new AppError(ErrorCodes.conflict, errMsg, 409);
const staleCheck = () => new AppError(ORDER_STALE_CHECK_CODE, ORDER_MESSAGES.staleCheck, 409);

/** `yyyyMMddHHmmss` in China time and six random digits: 20 digits, unique with the unique index's help. */
function newOrderCode(now: Date): string {
  const china = new Date(now.getTime() + 8 * 3_600_000).toISOString();
  const stamp = china.slice(0, 19).replace(/\D/g, '');
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Splits a comma list of allowed codes (the goods' payType and receiveType). */
const allows = (list: string, value: number) => listOf(list).includes(String(value));

/**
 * Places an order in one transaction (docs/adr/0179): the token is used, the rules hold, the stock
 * is taken by a conditional UPDATE, points and strips are spent through the ledgers, the coupon is
 * reserved, the address copied, and the auto-cancel scheduled. Anything refused rolls all of it back.
 */
export async function placeOrder(db: Db, session: SessionContext, body: BodyOf<'orderAdd'>, now: Date) {
  const customerId = registeredCustomerId(session);
  const payType = body.payType;
  const uiReceive =
    body.receiveType === null || body.receiveType === undefined
      ? null
      : effectiveReceiveType(receiveTypeFromApi(body.receiveType), payType);
  const row = await inTransaction(db, async (tx) => {
    const repo = new OrderRepository(tx);
    // The goods come first: a service package or a data plan (virtual) has no receive method and no
    // address. A form refusal rolls the transaction back, so it never spends the token.
    const goods = await goodsForOrder(tx, body.goodsId);
    const virtual = goodsTypeOf(goods) === 'virtual';
    const form = validateOrderSubmit({ receiveType: uiReceive, addressId: body.addressId ?? null, virtual });
    if (!form.ok) {
      throw badRequest(form.message);
    }
    const receiveType = receiveTypeToApi(uiReceive ?? RECEIVE_TYPE_UI.mail);
    if (!(await repo.consumeToken(body.token, customerId, now))) {
      throw staleCheck();
    }
    if (await repo.unpaidOnline(customerId, now)) {
      throw conflict(ORDER_MESSAGES.unpaidOrder);
    }
    if (!allows(goods.payType, payType)) {
      throw badRequest(payType === PAY_TYPE.cashOnDelivery ? '该商品不支持货到付款' : '该商品不支持在线支付');
    }
    if (!virtual && !allows(goods.receiveType, receiveType)) {
      throw badRequest(uiReceive === RECEIVE_TYPE_UI.pickup ? '该商品不支持自提' : '该商品不支持邮寄');
    }
    const deviceImei = goods.rechargePackage === 1 ? (body.deviceImei ?? '').trim() : '';
    if (goods.rechargePackage === 1 && !deviceImei) {
      throw badRequest(ORDER_MESSAGES.deviceRequired);
    }
    if (deviceImei && !(await isRechargeDevice(tx, customerId, deviceImei))) {
      throw badRequest(ORDER_MESSAGES.deviceMissing);
    }
    const quantity = body.number;
    const couponId = body.couponId ?? null;
    const yuanCents = goods.salesMode === 'rmb' || goods.salesMode === 'rmb,score' ? goods.goodsValue * quantity : 0;
    const coupon = couponId
      ? await reserveCoupon(tx, customerId, couponId, goods.id, yuanCents, now)
      : { couponCents: 0 };
    const ledgers = orderLedgers();
    const balances = await ledgers.balances(tx, customerId);
    const amounts = orderAmounts({
      goods,
      quantity,
      couponCents: coupon.couponCents,
      usePoints: body.useScoreExchange === 1,
      pointsBalance: balances.points,
    });
    const check = validateOrderPlacement({ goods, quantity, amounts, balances });
    if (!check.ok) {
      throw check.message === ORDER_MESSAGES.stockShort ? conflict(check.message) : badRequest(check.message);
    }
    if (!(await takeStock(tx, goods.id, quantity))) {
      throw conflict(ORDER_MESSAGES.stockShort);
    }
    const address =
      !virtual && uiReceive === RECEIVE_TYPE_UI.mail
        ? await addressForOrder(tx, customerId, String(body.addressId))
        : null;
    const needPay = orderNeedsPayment(payType, amounts.payCents);
    const inserted = await repo.insert({
      orderCode: newOrderCode(now),
      customerId,
      goodsId: goods.id,
      goodsName: goods.goodsName.slice(0, 100),
      remark: (goods.remark ?? '').slice(0, 255),
      iconUrl: (listOf(goods.iconUrl)[0] ?? '').slice(0, 255),
      goodsType: goodsTypeOf(goods),
      salesMode: goods.salesMode,
      servicePackage: goods.servicePackage,
      rechargePackage: goods.rechargePackage,
      packageMonths: goods.packageMonths,
      deviceImei: deviceImei || null,
      number: quantity,
      goodsValue: goods.goodsValue,
      postage: amounts.postageCents,
      payCoupon: amounts.couponCents,
      couponId,
      scoreAmount: amounts.scorePoints + amounts.deductionPoints,
      scoreDeduction: amounts.deductionCents,
      paperAmount: amounts.paperStrips,
      payAmount: amounts.payCents,
      payType,
      needPay,
      payStatus: 0,
      orderStatus: 1,
      sendStatus: 0,
      asignStatus: 0,
      auditStatus: 0,
      receiveType,
      consigneeName: address?.consigneeName ?? null,
      phone: address?.phone ?? null,
      detailAddress: address
        ? `${address.province} ${address.city} ${address.district} ${address.detailAddress}`.slice(0, 160)
        : null,
      autoCancelAt: needPay === 1 ? orderAutoCancelAt(now) : null,
      createdAt: now,
    });
    const key = `order:${inserted.id}`;
    const points = amounts.scorePoints + amounts.deductionPoints;
    if (points > 0) {
      await ledgers.spendPoints(tx, customerId, points, key, now);
    }
    if (amounts.paperStrips > 0) {
      await ledgers.spendStrips(tx, customerId, amounts.paperStrips, key, now);
    }
    if (needPay === 1 && inserted.autoCancelAt) {
      await scheduleJob(tx, ORDER_AUTO_CANCEL_JOB, String(inserted.id), inserted.autoCancelAt, {
        orderId: inserted.id,
      });
    } else {
      if (couponId) {
        await consumeCoupon(tx, customerId, couponId, inserted.id, now);
      }
      if (payType === PAY_TYPE.online) {
        // Nothing left to pay online (points, strips or a coupon covered it): paid now.
        await markPaidWithoutPayment(tx, inserted, now);
      }
    }
    return inserted;
  });
  return orderView((await new OrderRepository(db).byId(row.id)) ?? row);
}

/**
 * wxpay: the payment intent of one of the caller's orders (subject `order`), like consultPay's;
 * again while unpaid answers the same intent.
 */
export async function payOrder(
  db: Db,
  provider: PaymentProvider,
  session: SessionContext,
  orderCode: string,
  now: Date,
): Promise<{ orderId: number; orderCode: string; intent: IntentView }> {
  const customerId = registeredCustomerId(session);
  const row = await ownOrder(db, customerId, { orderCode });
  if (!canPayOrder(row) || !row.autoCancelAt || row.autoCancelAt.getTime() <= now.getTime()) {
    throw conflict(notPayableReason(row, now));
  }
  const intent = await createPaymentIntent(
    db,
    provider,
    {
      customerId,
      subjectKind: 'order',
      subjectId: String(row.id),
      amountCents: row.payAmount,
      description: `${ORDER_MESSAGES.orderDescription}-${row.goodsName}`,
      expiresAt: row.autoCancelAt,
    },
    now,
  );
  if (row.intentId !== intent.intentId) {
    await new OrderRepository(db).move(row.id, {}, { intentId: intent.intentId }, now);
  }
  return { orderId: row.id, orderCode: row.orderCode, intent };
}

function notPayableReason(row: OrderRow, now: Date): string {
  if (row.orderStatus === 0 || (row.autoCancelAt && row.autoCancelAt.getTime() <= now.getTime())) {
    return ORDER_MESSAGES.cancelled;
  }
  if (row.payStatus !== 0) {
    return ORDER_MESSAGES.alreadyPaid;
  }
  return row.needPay === 0 ? ORDER_MESSAGES.nothingToPay : ORDER_MESSAGES.notPayable;
}

/** The caller's orders, newest first, in pages of 4. */
export async function orderPage(db: Db, session: SessionContext, query: QueryOf<'orderList'>) {
  const customerId = registeredCustomerId(session);
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? ORDER_PAGE_SIZE;
  const { rows, total } = await new OrderRepository(db).page(customerId, pageNo, pageSize);
  return pageOf(rows.map(orderView), total, pageNo, pageSize);
}

/** One of the caller's orders with its courier fields. */
export async function orderDetail(db: Db, session: SessionContext, orderId: number) {
  return orderDetailView(await ownOrder(db, registeredCustomerId(session), { orderId }));
}
