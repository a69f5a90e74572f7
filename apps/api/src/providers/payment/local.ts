import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import {
  PaymentProviderError,
  readNotify,
  type NotifyTrust,
  type OrderQueryAnswer,
  type PaymentNotice,
  type PaymentProvider,
  type PrepayOrder,
  type RefundAnswer,
  type RefundRequest,
} from './payment';
import { encryptResource, jsapiPayParams, nonce, signBody, type JsapiPayParams } from './wechatpay-v3';

/** A notify as it arrives over HTTP: its signature headers and its raw body. */
export interface SignedNotify {
  headers: Record<string, string>;
  body: string;
}

/** Where the local provider posts the notifies it signs: the app's own notify endpoint. */
export type NotifySink = (notify: SignedNotify) => Promise<void>;

const LOCAL_MCHID = 'local-mchid';
const LOCAL_APPID = 'local-appid';
const LOCAL_SERIAL = 'LOCAL_PUB_KEY_ID';

/**
 * The embedded default (PAYMENT_PROVIDER=local): it plays WeChat Pay's side with an RSA key pair
 * and an API v3 key made when the process starts, and signs and encrypts its notifies exactly as
 * WeChat Pay does, so they go through the same `readNotify` check as production's
 * (docs/adr/0114). The app's payment sheet (支付 / 取消) asks it for a notify. Keys live only in the
 * process, so a notify is signed and checked by the same process.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local';
  readonly #merchantKey: KeyObject;
  readonly #platformKey: KeyObject;
  readonly #trust: NotifyTrust;
  #sink: NotifySink | null = null;
  /** The refunds this process made (out_refund_no → cents): the refund query's memory. */
  readonly #refunds = new Map<string, number>();

  /**
   * @param settles false with NODE_ENV=production: the local provider takes no money, so there it
   *   prepays nothing and sends no notify (a deployment that takes payments sets PAYMENT_PROVIDER=wechatpay).
   */
  constructor(
    private readonly clock: () => Date,
    readonly settles = true,
  ) {
    this.#merchantKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.#platformKey = platform.privateKey;
    this.#trust = {
      mchid: LOCAL_MCHID,
      platformSerial: LOCAL_SERIAL,
      platformPublicKey: platform.publicKey,
      apiV3Key: randomBytes(16).toString('hex'),
    };
  }

  /** Connects the notifies this provider sends to the app's notify endpoint. */
  deliverNotifiesTo(sink: NotifySink): void {
    this.#sink = sink;
  }

  prepay(order: PrepayOrder): Promise<JsapiPayParams> {
    if (!this.settles) {
      return Promise.reject(new PaymentProviderError('the local payment provider takes no money in production'));
    }
    const seconds = Math.floor(this.clock().getTime() / 1000);
    return Promise.resolve(jsapiPayParams(LOCAL_APPID, `local_${order.outTradeNo}`, this.#merchantKey, seconds));
  }

  readNotify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): PaymentNotice {
    return readNotify(this.#trust, headers, rawBody, now);
  }

  /** The local refund always succeeds: it answers PROCESSING and posts REFUND.SUCCESS right after. */
  async refund(request: RefundRequest): Promise<RefundAnswer> {
    this.#refunds.set(request.outRefundNo, request.refundCents);
    const notify = this.signNotify('REFUND.SUCCESS', 'refund', {
      mchid: LOCAL_MCHID,
      out_trade_no: request.outTradeNo,
      transaction_id: `local_${request.outTradeNo}`,
      out_refund_no: request.outRefundNo,
      refund_id: `local_${request.outRefundNo}`,
      refund_status: 'SUCCESS',
      success_time: this.clock().toISOString(),
      amount: {
        total: request.totalCents,
        refund: request.refundCents,
        payer_total: request.totalCents,
        payer_refund: request.refundCents,
      },
    });
    const sink = this.#sink;
    if (sink) {
      setImmediate(() => {
        sink(notify).catch(() => undefined);
      });
    }
    return Promise.resolve({ status: 'PROCESSING', refundCents: request.refundCents });
  }

  /** A refund this process made has succeeded; any other does not exist (as WeChat Pay answers 404). */
  queryRefund(outRefundNo: string): Promise<RefundAnswer> {
    const refundCents = this.#refunds.get(outRefundNo);
    if (refundCents === undefined) {
      return Promise.reject(new PaymentProviderError('local refund query: no such refund', 'RESOURCE_NOT_EXISTS', 404));
    }
    return Promise.resolve({ status: 'SUCCESS', refundCents });
  }

  /** Nothing to close: the local sheet pays only intents still created. */
  closeOrder(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing is remembered between notifies: an intent the sheet never paid is NOTPAY. */
  queryOrder(): Promise<OrderQueryAnswer> {
    return Promise.resolve({ tradeState: 'NOTPAY', amountCents: null, transactionId: null });
  }

  /** The payment notify the sheet's 支付 causes, signed and encrypted as WeChat Pay sends it. */
  paymentNotify(outTradeNo: string, amountCents: number): SignedNotify {
    return this.signNotify('TRANSACTION.SUCCESS', 'transaction', {
      appid: LOCAL_APPID,
      mchid: LOCAL_MCHID,
      out_trade_no: outTradeNo,
      transaction_id: `local_${nonce().slice(0, 20)}`,
      trade_type: 'JSAPI',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: this.clock().toISOString(),
      payer: { openid: 'local-openid' },
      amount: { total: amountCents, payer_total: amountCents, currency: 'CNY', payer_currency: 'CNY' },
    });
  }

  /** Sends a notify to the app's endpoint (the sheet's 支付 waits for it). */
  async send(notify: SignedNotify): Promise<void> {
    if (!this.#sink) {
      throw new Error('local payment provider: no notify endpoint connected');
    }
    await this.#sink(notify);
  }

  private signNotify(eventType: string, originalType: string, plain: object): SignedNotify {
    const now = this.clock();
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: now.toISOString(),
      event_type: eventType,
      resource_type: 'encrypt-resource',
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: encryptResource(JSON.stringify(plain), this.#trust.apiV3Key, originalType, originalType),
    });
    const headers = signBody(
      body,
      { serial: LOCAL_SERIAL, privateKey: this.#platformKey },
      Math.floor(now.getTime() / 1000),
    );
    return { headers: { ...headers, 'content-type': 'application/json' }, body };
  }
}
