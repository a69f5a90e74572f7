/** One trace of a shipment: China time as `YYYY-MM-DD HH:mm:ss` (or as the courier wrote it) and what happened. */
export interface Trace {
  acceptTime: string;
  acceptStation: string;
}

/** A trace the console recorded (shipped, signed for, refused), with the shipment state it leaves. */
export interface RecordedTrace extends Trace {
  /** 快递鸟's State after this event: 1 collected, 3 signed for, 4 problem (refused). */
  state: number;
}

/** What a tracking query is about. */
export interface Shipment {
  /** The courier's 快递鸟 ShipperCode (SF, ZTO, …). */
  shipperCode: string;
  /** The waybill number. */
  logisticCode: string;
  /** The last 4 digits of the consignee's phone, which some couriers (SF, JD) need to answer. */
  phoneTail: string | null;
  /** Our own shipping events of this order, oldest first: what the local provider answers. */
  recorded: readonly RecordedTrace[];
}

/** A shipment's state and its traces in the courier's order (oldest first). */
export interface Tracking {
  /** 0 no trace yet, 1 collected, 2 in transit, 3 signed for, 4 problem (快递鸟's State). */
  state: number;
  traces: Trace[];
}

/** Courier tracking: the console's own shipping events by default, 快递鸟's instant query by configuration. */
export interface LogisticsProvider {
  readonly name: 'local' | 'kdniao';
  track(shipment: Shipment): Promise<Tracking>;
}

/**
 * The courier could not be asked (refused, unreachable, malformed). `providerCode` is the provider's
 * own reason or one of ours in capitals (`NETWORK`, `HTTP_502`, `BAD_RESPONSE`, `BAD_SIGN`).
 */
export class LogisticsError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LogisticsError';
  }
}
