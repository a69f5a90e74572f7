import { ORDER_MESSAGES } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { forbidden, notFound } from '../../../lib/errors';
import { OrderRepository, type OrderRow } from './order.repository';

/** One of the caller's orders by id or code: 40400 when there is none, 40300 when it is somebody else's. */
export async function ownOrder(
  db: Db,
  customerId: string,
  key: { orderId?: number; orderCode?: string },
): Promise<OrderRow> {
  const repo = new OrderRepository(db);
  const row = key.orderId !== undefined ? await repo.byId(key.orderId) : await repo.byCode(key.orderCode ?? '');
  if (!row) {
    throw notFound(ORDER_MESSAGES.orderMissing);
  }
  if (row.customerId !== customerId) {
    throw forbidden();
  }
  return row;
}

/** Any order by id (the console and the jobs): 40400 when there is none. */
export async function orderById(db: Db, orderId: number): Promise<OrderRow> {
  const row = await new OrderRepository(db).byId(orderId);
  if (!row) {
    throw notFound(ORDER_MESSAGES.orderMissing);
  }
  return row;
}
