// What the order module needs from, and tells, contexts it may not import: the points and strip
// ledgers live in engagement and the data plans in devices, both beside commerce (contexts/README.md).
// composition.ts wires them: engagement implements the ledgers, devices subscribes to paid orders.
import type { Db } from '../../../lib/db';

/** A ledger movement: `(tx, customerId, amount, key, at)`, idempotent by key, inside the order's transaction. */
export type LedgerMove = (tx: Db, customerId: string, amount: number, key: string, at: Date) => Promise<void>;

/**
 * The points and strip ledgers as orders use them. `spend*` refuses (throws an AppError with the
 * Chinese reason) when the balance is short; the same key twice moves nothing the second time.
 */
export interface OrderLedgers {
  balances(tx: Db, customerId: string): Promise<{ points: number; strips: number }>;
  spendPoints: LedgerMove;
  returnPoints: LedgerMove;
  spendStrips: LedgerMove;
  returnStrips: LedgerMove;
}

let ledgers: OrderLedgers | null = null;

/** Sets the ledgers orders spend points and strips through (composition.ts). */
export function setOrderLedgers(implementation: OrderLedgers): void {
  ledgers = implementation;
}

/** The wired ledgers; an app composed without them cannot take orders that spend points or strips. */
export function orderLedgers(): OrderLedgers {
  if (!ledgers) {
    throw new Error('the order ledgers are not wired (composition.ts setOrderLedgers)');
  }
  return ledgers;
}

/** An order became paid (published inside the transaction that settled its payment). */
export interface OrderPaid {
  orderId: number;
  customerId: string;
  goodsId: number;
  servicePackage: number;
  rechargePackage: number;
  packageMonths: number;
  number: number;
  deviceImei: string | null;
  paidAt: Date;
}

/** A reaction to a paid order, inside its transaction: if it throws, the payment is not recorded either. */
export type OrderPaidSubscriber = (tx: Db, paid: OrderPaid) => Promise<void>;

const paidSubscribers = new Map<string, OrderPaidSubscriber>();

/**
 * Subscribes to paid orders (composition.ts: devices extends a meter's data plan). Subscribers
 * register by name, so composing the app twice does not run one twice; an unnamed function
 * registers under its own name.
 */
export function onOrderPaid(subscriber: OrderPaidSubscriber, name: string = subscriber.name): void {
  paidSubscribers.set(name || 'anonymous', subscriber);
}

/** Runs the paid-order subscribers in the order they registered. */
export async function publishOrderPaid(tx: Db, paid: OrderPaid): Promise<void> {
  for (const subscriber of paidSubscribers.values()) {
    await subscriber(tx, paid);
  }
}

/** The meters a customer may buy a data plan for (devices' listRechargeDevices), by IMEI. */
export type RechargeDevices = (db: Db, customerId: string) => Promise<readonly { deviceImei: string }[]>;

let rechargeDevices: RechargeDevices | null = null;

/** Sets where a data-plan order checks its meter is the buyer's own (composition.ts). */
export function setRechargeDevices(implementation: RechargeDevices): void {
  rechargeDevices = implementation;
}

/** Whether the customer may renew this meter's data plan: a bound meter of theirs with a SIM card. */
export async function isRechargeDevice(db: Db, customerId: string, deviceImei: string): Promise<boolean> {
  if (!rechargeDevices) {
    throw new Error('the recharge devices are not wired (composition.ts setRechargeDevices)');
  }
  return (await rechargeDevices(db, customerId)).some((d) => d.deviceImei === deviceImei);
}
