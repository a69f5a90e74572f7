import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { Customer } from '../../identity';
import { MallOrder } from '../order/order.entity';
import { PaymentIntent } from '../payment/paymentIntent.entity';
import { PaymentRefund } from '../payment/paymentRefund.entity';

/** The queue's filters, as the console sends them (creation instants already resolved from China days). */
export interface OrderQueueFilter {
  orderStatus?: number;
  payStatus?: number;
  sendStatus?: number;
  auditStatus?: number;
  refundRequest?: number;
  createdFrom?: Date;
  createdBefore?: Date;
  /** An order code (exact) or a phone number (the consignee's, or the buyer's account phone). */
  keyword?: string;
}

/** What the console shows beside an order: its buyer and its payment's refunds. */
export interface OrderExtras {
  customers: Map<string, { nickname: string; phone: string | null }>;
  intents: Map<string, { amountCents: number; refunds: { state: string; amountCents: number }[] }>;
}

/** The console's reads of orders (the order module owns their writes). */
export class OrderDeskRepository {
  constructor(private readonly em: EntityManager) {}

  async queue(
    filter: OrderQueueFilter,
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: MallOrder[]; total: number }> {
    const where: FilterQuery<MallOrder>[] = [];
    for (const key of ['orderStatus', 'payStatus', 'sendStatus', 'auditStatus', 'refundRequest'] as const) {
      if (filter[key] !== undefined) {
        where.push({ [key]: filter[key] });
      }
    }
    if (filter.createdFrom) {
      where.push({ createdAt: { $gte: filter.createdFrom } });
    }
    if (filter.createdBefore) {
      where.push({ createdAt: { $lt: filter.createdBefore } });
    }
    if (filter.keyword) {
      const buyer = await this.em.findOne(Customer, { phone: filter.keyword }, { fields: ['id'] });
      where.push({
        $or: [{ orderCode: filter.keyword }, { phone: filter.keyword }, ...(buyer ? [{ customerId: buyer.id }] : [])],
      });
    }
    const [rows, total] = await this.em.findAndCount(
      MallOrder,
      { $and: where },
      {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
        disableIdentityMap: true,
      },
    );
    return { rows, total };
  }

  /** The orders created in `[from, before)` (the sales report's range), oldest first. */
  createdBetween(from: Date, before: Date): Promise<MallOrder[]> {
    return this.em.find(
      MallOrder,
      { createdAt: { $gte: from, $lt: before } },
      { orderBy: { createdAt: 'asc', id: 'asc' }, disableIdentityMap: true },
    );
  }

  /** The buyers and the payments (with their refunds) of these orders. */
  async extras(orders: readonly MallOrder[]): Promise<OrderExtras> {
    const customerIds = [...new Set(orders.map((o) => o.customerId))];
    const intentIds = [...new Set(orders.flatMap((o) => (o.intentId ? [o.intentId] : [])))];
    const customers =
      customerIds.length > 0
        ? await this.em.find(
            Customer,
            { id: { $in: customerIds } },
            { fields: ['id', 'nickname', 'phone'], disableIdentityMap: true },
          )
        : [];
    const intents =
      intentIds.length > 0
        ? await this.em.find(
            PaymentIntent,
            { id: { $in: intentIds } },
            { fields: ['id', 'amountCents'], disableIdentityMap: true },
          )
        : [];
    const refunds =
      intentIds.length > 0
        ? await this.em.find(PaymentRefund, { intentId: { $in: intentIds } }, { disableIdentityMap: true })
        : [];
    return {
      customers: new Map(customers.map((c) => [c.id, { nickname: c.nickname, phone: c.phone ?? null }])),
      intents: new Map(
        intents.map((i) => [
          i.id,
          {
            amountCents: i.amountCents,
            refunds: refunds
              .filter((r) => r.intentId === i.id)
              .map((r) => ({ state: r.state, amountCents: r.amountCents })),
          },
        ]),
      ),
    };
  }
}
