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
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  refundCents: number;
  totalCents: number;
  reason: string;
}

/** WeChat Pay's word for a refund: SUCCESS, CLOSED, PROCESSING or ABNORMAL. */
export type RefundStatus = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

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
  | { kind: 'refund'; outTradeNo: string; outRefundNo: string; refundStatus: RefundStatus; refundCents: number };

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
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
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
  refund(request: RefundRequest): Promise<{ status: RefundStatus }>;
  queryOrder(outTradeNo: string): Promise<OrderQueryAnswer>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const REFUND_STATUSES: readonly string[] = ['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL'];

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
  if (typeof plain.refund_status === 'string') {
    if (!REFUND_STATUSES.includes(plain.refund_status) || typeof plain.out_refund_no !== 'string') {
      throw new NotifyRefused('badBody');
    }
    return {
      kind: 'refund',
      outTradeNo: plain.out_trade_no,
      outRefundNo: plain.out_refund_no,
      refundStatus: plain.refund_status as RefundStatus,
      refundCents: Number(amount.refund),
    };
  }
  if (typeof plain.trade_state !== 'string' || !Number.isInteger(amount.total)) {
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
