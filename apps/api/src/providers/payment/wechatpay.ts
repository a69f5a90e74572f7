import type { KeyObject } from 'node:crypto';
import {
  readNotify,
  PaymentProviderError,
  type NotifyTrust,
  type OrderQueryAnswer,
  type PaymentNotice,
  type PaymentProvider,
  type PrepayOrder,
  type RefundAnswer,
  type RefundRequest,
  type RefundStatus,
} from './payment';
import { authorization, checkSignature, jsapiPayParams, type JsapiPayParams } from './wechatpay-v3';

export const DEFAULT_WECHATPAY_BASE = 'https://api.mch.weixin.qq.com';
const TIMEOUT_MS = 10_000;
const REFUND_STATUSES: readonly string[] = ['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL'];

/** A time as WeChat Pay writes it (RFC 3339 in Beijing time, e.g. `2026-11-26T18:30:00+08:00`). */
export function wechatPayTime(date: Date): string {
  const beijing = new Date(Math.floor(date.getTime() / 1000) * 1000 + 8 * 3_600_000);
  return `${beijing.toISOString().slice(0, 19)}+08:00`;
}

/** Reads the refund call's or the refund query's answer (`status`, `amount.refund`). */
function refundAnswer(answer: Record<string, unknown>, what: string): RefundAnswer {
  const status = String(answer.status);
  if (!REFUND_STATUSES.includes(status)) {
    throw new PaymentProviderError(`${what} answer with status ${status}`);
  }
  const amount = answer.amount as { refund?: unknown } | undefined;
  return {
    status: status as RefundStatus,
    refundCents: Number.isInteger(amount?.refund) ? Number(amount?.refund) : null,
  };
}

export interface WechatPayOptions {
  appId: string;
  mchid: string;
  /** The merchant API certificate's serial number. */
  merchantSerial: string;
  merchantPrivateKey: KeyObject;
  /** WeChat Pay's public key id (`PUB_KEY_ID_…`) or platform certificate serial, as `Wechatpay-Serial` names it. */
  platformSerial: string;
  platformPublicKey: KeyObject;
  apiV3Key: string;
  baseUrl: string;
  /** Where WeChat Pay posts payment and refund notifies (https, no query). */
  notifyUrl: string;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  clock: () => Date;
}

/**
 * WeChat Pay API v3, JSAPI (docs/adr/0113): prepay, pay parameters signed with the merchant key,
 * notifies verified with WeChat Pay's key, refunds and the order query. Every answer's signature is
 * checked like a notify's before it is believed.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly kind = 'wechatpay';
  readonly #trust: NotifyTrust;

  constructor(private readonly options: WechatPayOptions) {
    this.#trust = {
      mchid: options.mchid,
      platformSerial: options.platformSerial,
      platformPublicKey: options.platformPublicKey,
      apiV3Key: options.apiV3Key,
    };
  }

  async prepay(order: PrepayOrder): Promise<JsapiPayParams> {
    const answer = await this.#call('POST', '/v3/pay/transactions/jsapi', {
      appid: this.options.appId,
      mchid: this.options.mchid,
      description: order.description,
      out_trade_no: order.outTradeNo,
      time_expire: wechatPayTime(order.expiresAt),
      notify_url: this.options.notifyUrl,
      amount: { total: order.amountCents, currency: 'CNY' },
      payer: { openid: order.openid },
    });
    if (typeof answer.prepay_id !== 'string') {
      throw new PaymentProviderError('prepay answer without prepay_id');
    }
    return jsapiPayParams(
      this.options.appId,
      answer.prepay_id,
      this.options.merchantPrivateKey,
      Math.floor(this.options.clock().getTime() / 1000),
    );
  }

  readNotify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): PaymentNotice {
    return readNotify(this.#trust, headers, rawBody, now);
  }

  async refund(request: RefundRequest): Promise<RefundAnswer> {
    const answer = await this.#call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      reason: request.reason,
      notify_url: this.options.notifyUrl,
      amount: { refund: request.refundCents, total: request.totalCents, currency: 'CNY' },
    });
    return refundAnswer(answer, 'refund');
  }

  async queryRefund(outRefundNo: string): Promise<RefundAnswer> {
    const answer = await this.#call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
    return refundAnswer(answer, 'refund query');
  }

  async closeOrder(outTradeNo: string): Promise<void> {
    await this.#call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
      mchid: this.options.mchid,
    });
  }

  async queryOrder(outTradeNo: string): Promise<OrderQueryAnswer> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.options.mchid)}`;
    const answer = await this.#call('GET', path);
    const amount = answer.amount as { total?: unknown } | undefined;
    return {
      tradeState: String(answer.trade_state),
      amountCents: Number.isInteger(amount?.total) ? Number(amount?.total) : null,
      transactionId: typeof answer.transaction_id === 'string' ? answer.transaction_id : null,
    };
  }

  /** One signed call; the answer's signature is verified before its JSON is read. */
  async #call(method: 'GET' | 'POST', pathAndQuery: string, json?: object): Promise<Record<string, unknown>> {
    const body = json ? JSON.stringify(json) : '';
    const now = this.options.clock();
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: authorization(
        {
          mchid: this.options.mchid,
          serialNo: this.options.merchantSerial,
          privateKey: this.options.merchantPrivateKey,
        },
        { method, pathAndQuery, body },
        Math.floor(now.getTime() / 1000),
      ),
      'user-agent': 'glucoguard-api',
    };
    if (json) {
      headers['content-type'] = 'application/json';
    }
    const route = pathAndQuery.split('?')[0] ?? '';
    let response: Response;
    let text: string;
    try {
      response = await this.options.fetch(`${this.options.baseUrl}${pathAndQuery}`, {
        method,
        headers,
        body: json ? body : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new PaymentProviderError(`${method} ${route}: ${(error as Error).message}`);
    }
    // Every answer, an error's too, is believed only once WeChat Pay's signature over it holds.
    const refusal = checkSignature(
      {
        'wechatpay-timestamp': response.headers.get('wechatpay-timestamp') ?? undefined,
        'wechatpay-nonce': response.headers.get('wechatpay-nonce') ?? undefined,
        'wechatpay-signature': response.headers.get('wechatpay-signature') ?? undefined,
        'wechatpay-serial': response.headers.get('wechatpay-serial') ?? undefined,
      },
      text,
      { serial: this.options.platformSerial, publicKey: this.options.platformPublicKey },
      now,
    );
    if (!response.ok) {
      let code: string | null = null;
      try {
        const parsed = (JSON.parse(text) as { code?: unknown }).code;
        code = typeof parsed === 'string' && parsed !== '' ? parsed : null;
      } catch {
        // not JSON: the status alone says it
      }
      // An unsigned error answer says nothing for certain: no status, so nothing is decided on it.
      throw new PaymentProviderError(
        `${method} ${route}: HTTP ${response.status}${code ? ` ${code}` : ''}${refusal ? ` (unsigned: ${refusal})` : ''}`,
        refusal ? null : code,
        refusal ? null : response.status,
      );
    }
    if (refusal) {
      throw new PaymentProviderError(`${method} ${route}: answer signature refused (${refusal})`);
    }
    if (text === '') {
      return {};
    }
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new PaymentProviderError(`${method} ${route}: answer is not JSON`);
    }
  }
}
