import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { MallOrder, PreOrderToken } from './order.entity';

export type OrderRow = MallOrder;
export type NewOrder = Omit<
  MallOrder,
  | 'id'
  | 'updatedAt'
  | 'paidAt'
  | 'cancelledAt'
  | 'cancelledBy'
  | 'resourcesReturned'
  | 'refundReason'
  | 'refundAmount'
  | 'refundRequests'
  | 'refundRequest'
  | 'refundRequestReason'
  | 'refundDeclineReason'
  | 'expressCode'
  | 'expressName'
  | 'expressPhone'
  | 'trackingNumber'
  | 'shippedAt'
  | 'signedAt'
  | 'auditedAt'
  | 'intentId'
>;

/** The columns a status change may test and set. */
export type OrderChanges = Partial<
  Pick<
    MallOrder,
    | 'payStatus'
    | 'orderStatus'
    | 'sendStatus'
    | 'asignStatus'
    | 'auditStatus'
    | 'intentId'
    | 'paidAt'
    | 'cancelledAt'
    | 'cancelledBy'
    | 'resourcesReturned'
    | 'refundRequest'
    | 'refundRequestReason'
    | 'refundDeclineReason'
    | 'refundReason'
    | 'refundAmount'
    | 'refundRequests'
    | 'expressCode'
    | 'expressName'
    | 'expressPhone'
    | 'trackingNumber'
    | 'shippedAt'
    | 'signedAt'
    | 'auditedAt'
    | 'couponId'
  >
>;

/** Storage of orders and pre-order tokens. */
export class OrderRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(order: NewOrder): Promise<OrderRow> {
    const row = this.em.create(MallOrder, {
      ...order,
      updatedAt: order.createdAt,
      intentId: null,
      paidAt: null,
      cancelledAt: null,
      cancelledBy: null,
      resourcesReturned: false,
      refundReason: null,
      refundAmount: null,
      refundRequests: 0,
      refundRequest: 0,
      refundRequestReason: null,
      refundDeclineReason: null,
      expressCode: null,
      expressName: null,
      expressPhone: null,
      trackingNumber: null,
      shippedAt: null,
      signedAt: null,
      auditedAt: null,
    });
    await this.em.flush();
    return row;
  }

  byId(id: number): Promise<OrderRow | null> {
    return this.em.findOne(MallOrder, { id }, { disableIdentityMap: true });
  }

  byCode(orderCode: string): Promise<OrderRow | null> {
    return this.em.findOne(MallOrder, { orderCode }, { disableIdentityMap: true });
  }

  /** The order, its row locked until the transaction ends (the paid, cancel and refund paths). */
  async lock(id: number): Promise<OrderRow | null> {
    await sql(this.em).execute('select id from mall_order where id = ? for update', [id]);
    return this.byId(id);
  }

  /** A customer's orders, newest first. */
  async page(customerId: string, pageNo: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(
      MallOrder,
      { customerId },
      {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
        disableIdentityMap: true,
      },
    );
    return { rows, total };
  }

  /** The customer's unpaid online order still waiting for payment, if any. */
  unpaidOnline(customerId: string, now: Date): Promise<OrderRow | null> {
    return this.em.findOne(
      MallOrder,
      { customerId, payType: 1, needPay: 1, payStatus: 0, orderStatus: 1, autoCancelAt: { $gt: now } },
      { disableIdentityMap: true, orderBy: { createdAt: 'desc' } },
    );
  }

  /**
   * Moves an order only if it still matches `when`: the one place a status changes. True when
   * this call made the change (false: another request changed it first).
   */
  async move(id: number, when: Partial<MallOrder>, set: OrderChanges, now: Date): Promise<boolean> {
    const changed = await this.em.nativeUpdate(MallOrder, { id, ...when }, { ...set, updatedAt: now });
    return changed === 1;
  }

  async insertToken(token: Omit<PreOrderToken, 'usedAt'>): Promise<void> {
    this.em.create(PreOrderToken, { ...token, usedAt: null });
    await this.em.flush();
  }

  /** Uses a token once: true when it was the caller's, unused and in date (and is now used). */
  async consumeToken(token: string, customerId: string, now: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ token: string }[]>(
      `update pre_order_token set used_at = ? where token = ? and customer_id = ? and used_at is null and expires_at > ? returning token`,
      [now, token, customerId, now],
    );
    return rows.length === 1;
  }

  /** Deletes a customer's tokens that expired before `before` (they can no longer be used). */
  async pruneTokens(customerId: string, before: Date): Promise<void> {
    await this.em.nativeDelete(PreOrderToken, { customerId, expiresAt: { $lt: before } });
  }
}
