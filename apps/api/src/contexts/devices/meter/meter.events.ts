import { EventBus } from '../../health';

/**
 * The meters' domain events, and the bus they travel on (issue 23). Devices publishes them inside
 * the binding and unbinding transactions and knows none of its subscribers: the open platform's
 * change feed and webhooks register in `apps/api/src/composition.ts`.
 */

/** A meter as its events describe it. */
export interface MeterView {
  imei: string;
  /** `glucose` or `bp`. */
  kind: string;
  model: string;
}

/** A patient bound a meter (proof of possession checked). Published in the binding transaction. */
export interface DeviceBound {
  type: 'DeviceBound';
  device: MeterView;
  customerId: string;
  /** When it was bound (the server's now). */
  at: Date;
}

/** A patient unbound their meter; its records stay theirs. Published in the unbinding transaction. */
export interface DeviceUnbound {
  type: 'DeviceUnbound';
  device: MeterView;
  customerId: string;
  at: Date;
}

export interface DeviceEvents {
  DeviceBound: DeviceBound;
  DeviceUnbound: DeviceUnbound;
}

/** The meters' bus. */
export const deviceEvents = new EventBus<DeviceEvents>();
