import type { KeyObject } from 'node:crypto';
import { checkSignature, decryptResource, type EncryptedResource, type JsapiPayParams } from './wechatpay-v3';

export type { JsapiPayParams } from './wechatpay-v3';

/** What the payer is asked to pay for. */
export interface PrepayOrder {
  /** Our intent's merchant order number (`out_trade_no`, 6–32 characters). */
  outTradeNo: string;
  /** What the payer sees in the bill (at most 127 bytes). */
  description: string;
  amountCents: number;
  /** The payer's openid with the merchant's app. */
  openid: string;
  /** When the payer can no longer pay (`time_expire`); the intent is closed then. */
  expiresAt: Date;
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  refundCents: number;
  totalCents: number;
  reason: string;
}

/**
 * WeChat Pay's word for a refund (`status` in the refund call's and the refund query's answers,
 * `refund_status` in a refund notify, which never says PROCESSING): SUCCESS, CLOSED, PROCESSING or
 * ABNORMAL (the money could not go back the original way; settled by hand at WeChat Pay).
 */
export type RefundStatus = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

/** A refund as the refund call and the refund query answer it. */
export interface RefundAnswer {
  status: RefundStatus;
  refundCents: number | null;
}

/** An order query's answer: `trade_state` (SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR) and the amount. */
export interface OrderQueryAnswer {
  tradeState: string;
  amountCents: number | null;
  transactionId: string | null;
}

/** A verified, decrypted notify. */
export type PaymentNotice =
  | {
      kind: 'transaction';
      outTradeNo: string;
      transactionId: string;
      tradeState: string;
      amountCents: number;
    }
  | {
      kind: 'refund';
      outTradeNo: string;
      outRefundNo: string;
      refundStatus: Exclude<RefundStatus, 'PROCESSING'>;
      refundCents: number;
      totalCents: number;
    };

export type NotifyRefusal =
  | 'missingHeaders'
  | 'unknownSerial'
  | 'staleTimestamp'
  | 'badSignature'
  | 'badBody'
  | 'undecryptable'
  | 'wrongMerchant';

/** A notify we refuse; WeChat Pay is answered with an error status and retries later. */
export class NotifyRefused extends Error {
  constructor(readonly reason: NotifyRefusal) {
    super(`payment notify refused: ${reason}`);
    this.name = 'NotifyRefused';
  }
}

/** A call to the payment service that failed (network, an error answer, an answer whose signature does not hold). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** WeChat Pay's error `code` (PARAM_ERROR, NOT_ENOUGH, ORDER_NOT_EXIST, RESOURCE_NOT_EXISTS…), when it answered one. */
    readonly code: string | null = null,
    /** The answer's HTTP status; null when no trustworthy answer came (network, time-out, bad signature). */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }

  /**
   * Whether the service said no for certain (a 4xx other than 429): the request changed nothing
   * there. Otherwise (network, time-out, 429, 5xx) it may or may not have been done, and is asked
   * about again rather than assumed.
   */
  get definite(): boolean {
    return this.httpStatus !== null && this.httpStatus >= 400 && this.httpStatus < 500 && this.httpStatus !== 429;
  }

  /** Whether the service said the order or refund does not exist there. */
  get notFound(): boolean {
    return this.httpStatus === 404 && (this.code === 'ORDER_NOT_EXIST' || this.code === 'RESOURCE_NOT_EXISTS');
  }
}

/** Whose notifies we believe: WeChat Pay's public key and its id, the API v3 key, our merchant id. */
export interface NotifyTrust {
  mchid: string;
  platformSerial: string;
  platformPublicKey: KeyObject;
  apiV3Key: string;
}

/** The payment service: WeChat Pay API v3 JSAPI, or the local stand-in (PAYMENT_PROVIDER). */
export interface PaymentProvider {
  readonly kind: 'local' | 'wechatpay';
  /** Creates the prepay order and returns what the page hands to the payment sheet. */
  prepay(order: PrepayOrder): Promise<JsapiPayParams>;
  /** Verifies and decrypts a notify from its headers and raw body; throws NotifyRefused. */
  readNotify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): PaymentNotice;
  /** Asks for a refund (`POST /v3/refund/domestic/refunds`); the same `outRefundNo` again is the same refund. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /** Asks how a refund stands (`GET /v3/refund/domestic/refunds/{out_refund_no}`). */
  queryRefund(outRefundNo: string): Promise<RefundAnswer>;
  /** The order query by merchant order number (reconciliation, closing). */
  queryOrder(outTradeNo: string): Promise<OrderQueryAnswer>;
  /** Closes an unpaid order so it can no longer be paid (`…/out-trade-no/{no}/close`, answered 204). */
  closeOrder(outTradeNo: string): Promise<void>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** What a refund notify's `refund_status` may say (a notify comes only once a refund has ended). */
const NOTIFIED_REFUND_STATUSES: readonly string[] = ['SUCCESS', 'CLOSED', 'ABNORMAL'];

/**
 * The one notify check both providers run (so what runs at home runs in production): the
 * signature over the raw body (serial, timestamp within 5 minutes, RSA), the resource decrypted
 * with the API v3 key, and the merchant id; the amount is the state machine's to check.
 */
export function readNotify(
  trust: NotifyTrust,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): PaymentNotice {
  const refusal = checkSignature(
    headers,
    rawBody,
    { serial: trust.platformSerial, publicKey: trust.platformPublicKey },
    now,
  );
  if (refusal) {
    throw new NotifyRefused(refusal);
  }
  let resource: EncryptedResource;
  try {
    const body: unknown = JSON.parse(rawBody);
    if (!isObject(body) || !isObject(body.resource)) {
      throw new Error('no resource');
    }
    resource = body.resource as unknown as EncryptedResource;
  } catch {
    throw new NotifyRefused('badBody');
  }
  let plain: unknown;
  try {
    plain = JSON.parse(decryptResource(resource, trust.apiV3Key));
  } catch {
    throw new NotifyRefused('undecryptable');
  }
  if (!isObject(plain) || typeof plain.out_trade_no !== 'string' || !isObject(plain.amount)) {
    throw new NotifyRefused('badBody');
  }
  if (plain.mchid !== trust.mchid) {
    throw new NotifyRefused('wrongMerchant');
  }
  const amount = plain.amount;
  // `original_type` names what the resource is: `transaction` (TRANSACTION.SUCCESS) or `refund`
  // (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED).
  if (resource.original_type === 'refund') {
    if (
      typeof plain.refund_status !== 'string' ||
      !NOTIFIED_REFUND_STATUSES.includes(plain.refund_status) ||
      typeof plain.out_refund_no !== 'string' ||
      !Number.isInteger(amount.refund) ||
      !Number.isInteger(amount.total)
    ) {
      throw new NotifyRefused('badBody');
    }
    return {
      kind: 'refund',
      outTradeNo: plain.out_trade_no,
      outRefundNo: plain.out_refund_no,
      refundStatus: plain.refund_status as Exclude<RefundStatus, 'PROCESSING'>,
      refundCents: Number(amount.refund),
      totalCents: Number(amount.total),
    };
  }
  if (
    resource.original_type !== 'transaction' ||
    typeof plain.trade_state !== 'string' ||
    !Number.isInteger(amount.total)
  ) {
    throw new NotifyRefused('badBody');
  }
  return {
    kind: 'transaction',
    outTradeNo: plain.out_trade_no,
    transactionId: typeof plain.transaction_id === 'string' ? plain.transaction_id : '',
    tradeState: plain.trade_state,
    amountCents: Number(amount.total),
  };
}
