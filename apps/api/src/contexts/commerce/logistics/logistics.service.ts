import type { Schema } from '@glucoguard/sdk';
import {
  LOGISTICS_MESSAGES,
  SEND_STATUS,
  SHIPPING_EVENT_STATE,
  courierByCode,
  formatChinaTime,
  logisticsStateLabel,
  maskPhone,
  newestTracesFirst,
  shippingEventStation,
  type Courier,
  type ShippingEvent as ShippingEventKind,
} from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import {
  LogisticsError,
  type LogisticsProvider,
  type RecordedTrace,
  type Tracking,
} from '../../../providers/logistics/logistics';
import { ownOrder } from '../order/order.access';
import { LogisticsRepository } from './logistics.repository';

// Courier tracking of an order (spec 3 §2.7 /order/logistics, §7 logisticDtail; issue 21;
// docs/adr/0189-logistics-provider.md): the console records shipping events, the provider answers
// the traces (the local one from those events, 快递鸟 from the courier).

/** What the patient reads when the courier cannot be asked now. */
export const COURIER_UNREACHABLE_MESSAGE = '暂时无法获取快递公司的物流信息，请稍后再试';

/** Records a shipping event of an order inside the console action's transaction. */
export async function recordShippingEvent(
  tx: Db,
  order: { orderId: number; courier: Courier; trackingNumber: string },
  event: ShippingEventKind,
  staffId: string,
  at: Date,
): Promise<void> {
  await new LogisticsRepository(tx).insert({
    orderId: order.orderId,
    event,
    shipperCode: order.courier.code,
    logisticCode: order.trackingNumber,
    station: shippingEventStation(event, order.courier, order.trackingNumber),
    state: SHIPPING_EVENT_STATE[event],
    staffId,
    at,
  });
}

/** An order's recorded events as traces, oldest first, with the state each left. */
export async function recordedTraces(db: Db, orderId: number): Promise<RecordedTrace[]> {
  const events = await new LogisticsRepository(db).ofOrder(orderId);
  return events.map((e) => ({ acceptTime: formatChinaTime(e.at), acceptStation: e.station, state: e.state }));
}

/** The answer of `/order/v1/logisticDtail`, and the provider's failure when the courier could not be asked. */
export interface LogisticsAnswer {
  view: Schema<'OrderLogistics'>;
  failure: LogisticsError | null;
}

/**
 * The logistics of one of the caller's orders, by id or code. A courier that cannot be asked does
 * not fail the page: it shows our own events and says so in `providerError`.
 */
export async function orderLogistics(
  db: Db,
  provider: LogisticsProvider,
  customerId: string,
  key: { orderId?: number; orderCode?: string },
): Promise<LogisticsAnswer> {
  if (key.orderId === undefined && !key.orderCode) {
    throw new AppError(ErrorCodes.badRequest, LOGISTICS_MESSAGES.orderRefRequired);
  }
  const order = await ownOrder(db, customerId, key.orderId !== undefined ? { orderId: key.orderId } : key);
  if (order.sendStatus !== SEND_STATUS.sent || !order.expressCode || !order.trackingNumber) {
    throw new AppError(ErrorCodes.conflict, LOGISTICS_MESSAGES.notShipped, 409);
  }
  const recorded = await recordedTraces(db, order.id);
  const phoneDigits = (order.phone ?? '').replace(/\D/g, '');
  let tracking: Tracking;
  let failure: LogisticsError | null = null;
  try {
    tracking = await provider.track({
      shipperCode: order.expressCode,
      logisticCode: order.trackingNumber,
      phoneTail: phoneDigits.length >= 4 ? phoneDigits.slice(-4) : null,
      recorded,
    });
  } catch (error) {
    if (!(error instanceof LogisticsError)) {
      throw error;
    }
    failure = error;
    tracking = { state: recorded.at(-1)?.state ?? 0, traces: [] };
  }
  // Until the courier has its first scan (or when it cannot be asked), our own events tell the story.
  const traces = tracking.traces.length > 0 ? tracking.traces : recorded;
  const courier = courierByCode(order.expressCode);
  return {
    view: {
      orderId: order.id,
      orderCode: order.orderCode,
      shipperCode: order.expressCode,
      shipperName: order.expressName ?? courier?.name ?? order.expressCode,
      shipperPhone: order.expressPhone ?? courier?.phone ?? null,
      logisticCode: order.trackingNumber,
      state: tracking.state,
      stateLabel: logisticsStateLabel(tracking.state),
      traces: newestTracesFirst(traces.map(({ acceptTime, acceptStation }) => ({ acceptTime, acceptStation }))),
      consigneeName: order.consigneeName ?? null,
      phone: order.phone ? maskPhone(order.phone) : null,
      detailAddress: order.detailAddress ?? null,
      providerError: failure ? COURIER_UNREACHABLE_MESSAGE : null,
    },
    failure,
  };
}
