import type { Schema } from '@glucoguard/sdk';
import { formatChinaTime, refundRequestOf } from '@glucoguard/domain';
import type { OrderRow } from './order.repository';

type Order = Schema<'Order'>;
type OrderDetail = Schema<'OrderDetail'>;

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An instant as ISO 8601 in China time with its offset (`2026-11-27T10:30:00.000+08:00`). */
export function chinaIso(at: Date): string {
  return `${new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 23)}+08:00`;
}

/** An order as the list shows it (spec 3 §3 "Order"). */
export function orderView(row: OrderRow): Order {
  return {
    orderId: row.id,
    orderCode: row.orderCode,
    goodsId: row.goodsId,
    goodsName: row.goodsName,
    remark: row.remark,
    iconUrl: row.iconUrl,
    number: row.number,
    goodsValue: row.goodsValue,
    payAmount: row.payAmount,
    payCoupon: row.payCoupon,
    couponId: row.couponId ?? null,
    scoreAmount: row.scoreAmount,
    scoreDeduction: row.scoreDeduction,
    paperAmount: row.paperAmount,
    postage: row.postage,
    payType: row.payType as Order['payType'],
    payStatus: row.payStatus as Order['payStatus'],
    orderStatus: row.orderStatus as Order['orderStatus'],
    sendStatus: row.sendStatus as Order['sendStatus'],
    asignStatus: row.asignStatus as Order['asignStatus'],
    auditStatus: row.auditStatus as Order['auditStatus'],
    needPay: row.needPay as Order['needPay'],
    receiveType: row.receiveType as Order['receiveType'],
    autoCancelTime: row.autoCancelAt ? chinaIso(row.autoCancelAt) : null,
    createTime: formatChinaTime(row.createdAt),
    payTime: row.paidAt ? formatChinaTime(row.paidAt) : null,
    consigneeName: row.consigneeName ?? null,
    phone: row.phone ?? null,
    detailAddress: row.detailAddress ?? null,
    salesMode: row.salesMode as Order['salesMode'],
    rechargePackage: row.rechargePackage as Order['rechargePackage'],
    servicePackage: row.servicePackage as Order['servicePackage'],
    packageMonths: row.packageMonths,
    deviceImei: row.deviceImei ?? null,
    associcateGoods: [
      {
        goodsId: row.goodsId,
        goodsName: row.goodsName,
        goodsType: row.goodsType === 'virtual' ? 'virtual' : 'physical',
        number: row.number,
      },
    ],
    refundReason: row.refundReason ?? null,
    refundAmount: row.refundAmount ?? null,
    refundRequest: refundRequestOf(row.refundRequest),
    refundRequestReason: row.refundRequestReason ?? null,
    refundDeclineReason: row.refundDeclineReason ?? null,
  };
}

/** An order with its courier fields (the detail page). */
export function orderDetailView(row: OrderRow): OrderDetail {
  return {
    ...orderView(row),
    express: {
      expressName: row.expressName ?? null,
      expressPhone: row.expressPhone ?? null,
      expressCode: row.expressCode ?? null,
      trackingNumber: row.trackingNumber ?? null,
    },
  };
}
