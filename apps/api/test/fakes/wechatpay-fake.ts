/**
 * A local stand-in for api.mch.weixin.qq.com speaking WeChat Pay API v3 as we use it: the JSAPI
 * prepay (with `time_expire`), the order query by out_trade_no, closing an order (204), domestic
 * refunds (partial ones too, at most what is left; the same out_refund_no again is the same
 * refund) and the refund query by out_refund_no. Field names and states follow WeChat Pay's
 * documentation (docs/adr/0116). It holds its own test keys: it
 * checks every request's `Authorization` against the merchant's public key, signs every answer
 * with its platform key, and builds signed, encrypted payment and refund notifies for the tests
 * to post. Errors are answered as the real API does: an HTTP status with `{code, message}`.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WechatPayProvider } from '../../src/providers/payment/wechatpay';
import { encryptResource, signBody, verifyAuthorization } from '../../src/providers/payment/wechatpay-v3';

/** The fields of our requests the fake reads (JSAPI prepay and refund bodies). */
interface RequestBody {
  appid?: string;
  mchid?: string;
  description?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  notify_url?: string;
  time_expire?: string;
  reason?: string;
  amount?: { total?: number; refund?: number; currency?: string };
  payer?: { openid?: string };
}

export interface FakeOrder {
  appid: string;
  outTradeNo: string;
  amountCents: number;
  openid: string;
  notifyUrl: string;
  description: string;
  prepayId: string;
  tradeState: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string;
  /** `time_expire` as sent (RFC 3339, +08:00). */
  timeExpire: string;
}

export interface FakeRefund {
  outTradeNo: string;
  outRefundNo: string;
  refundCents: number;
  totalCents: number;
  notifyUrl: string;
  reason: string;
  refundId: string;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  createTime: string;
}

/** An error the fake answers to the next request instead of doing it (a 5xx, a refusal, an unsigned answer). */
export interface FakeFailure {
  status: number;
  code: string;
  message?: string;
  /** False: the answer carries no WeChat Pay signature. */
  signed?: boolean;
}

export interface NotifyOptions {
  /** Pretend the payer paid this much instead of the order's amount. */
  amountCents?: number;
  /** The notify's `Wechatpay-Timestamp` in seconds (default now). */
  timestamp?: number;
  mchid?: string;
}

export interface FakeWechatPay {
  url: string;
  mchid: string;
  appId: string;
  merchantSerial: string;
  merchantPrivateKey: KeyObject;
  platformSerial: string;
  platformPublicKey: KeyObject;
  apiV3Key: string;
  orders: Map<string, FakeOrder>;
  refunds: Map<string, FakeRefund>;
  /** Requests refused for their signature (ours must never be). */
  badSignatures: number;
  /** The requests the fake received, as `METHOD /path` (no query). */
  calls: string[];
  /** Answered to the next request (then cleared). */
  failNext: FakeFailure | null;
  /** Whether a refund request is also carried out: false keeps it from existing (a call lost on the way). */
  refundsArrive: boolean;
  /** The payer pays: the order becomes SUCCESS; returns the notify WeChat Pay would post. */
  pay(outTradeNo: string, options?: NotifyOptions): { headers: Record<string, string>; body: string };
  /** The refund ends (SUCCESS, ABNORMAL or CLOSED): returns its notify (REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED). */
  refundNotify(
    outRefundNo: string,
    status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED',
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

/** Our real WeChat Pay client pointed at the fake, with the fake's keys (`over` replaces any of them). */
export function wechatPayProviderFor(
  fake: FakeWechatPay,
  over: Partial<ConstructorParameters<typeof WechatPayProvider>[0]> = {},
): WechatPayProvider {
  return new WechatPayProvider({
    appId: fake.appId,
    mchid: fake.mchid,
    merchantSerial: fake.merchantSerial,
    merchantPrivateKey: fake.merchantPrivateKey,
    platformSerial: fake.platformSerial,
    platformPublicKey: fake.platformPublicKey,
    apiV3Key: fake.apiV3Key,
    baseUrl: fake.url,
    notifyUrl: 'https://h5.example.com/api/payment/v1/notify',
    fetch,
    clock: () => new Date(),
    ...over,
  });
}

export async function startWechatPayFake(): Promise<FakeWechatPay> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const state = {
    mchid: '1900000109',
    appId: 'wxd678efh567hg6787',
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    platformSerial: `PUB_KEY_ID_${randomBytes(12).toString('hex')}`,
    apiV3Key: randomBytes(16).toString('hex'),
  };
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  let badSignatures = 0;
  const calls: string[] = [];
  const control = { failNext: null as FakeFailure | null, refundsArrive: true };
  const signer = { serial: state.platformSerial, privateKey: platform.privateKey };

  const answer = (res: ServerResponse, status: number, json: object | null) => {
    const body = json ? JSON.stringify(json) : '';
    res.writeHead(status, { 'content-type': 'application/json', ...signBody(body, signer) });
    res.end(body);
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { code, message });
  const beijingNow = () => `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
  const refundAnswer = (refund: FakeRefund) => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: orders.get(refund.outTradeNo)?.transactionId,
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(refund.status === 'SUCCESS' ? { success_time: beijingNow() } : {}),
    create_time: refund.createTime,
    status: refund.status,
    amount: {
      total: refund.totalCents,
      refund: refund.refundCents,
      payer_total: refund.totalCents,
      payer_refund: refund.refundCents,
      settlement_refund: refund.refundCents,
      settlement_total: refund.totalCents,
      discount_refund: 0,
      currency: 'CNY',
    },
  });

  const notify = (eventType: string, originalType: string, plain: object, timestamp?: number) => {
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      event_type: eventType,
      resource_type: 'encrypt-resource',
      summary: eventType,
      resource: encryptResource(JSON.stringify(plain), state.apiV3Key, originalType, originalType),
    });
    return { headers: { 'content-type': 'application/json', ...signBody(body, signer, timestamp) }, body };
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const pathAndQuery = req.url ?? '/';
    const auth = verifyAuthorization(
      req.headers.authorization,
      { method: req.method ?? 'GET', pathAndQuery, body: raw },
      merchant.publicKey,
    );
    if (!auth || auth.mchid !== state.mchid || auth.serial_no !== state.merchantSerial) {
      badSignatures += 1;
      return fail(res, 401, 'SIGN_ERROR', '签名错误');
    }
    const url = new URL(pathAndQuery, 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const failure = control.failNext;
    if (failure) {
      control.failNext = null;
      const body = JSON.stringify({ code: failure.code, message: failure.message ?? failure.code });
      res.writeHead(failure.status, {
        'content-type': 'application/json',
        ...(failure.signed === false ? {} : signBody(body, signer)),
      });
      res.end(body);
      return;
    }
    const json = (raw ? JSON.parse(raw) : {}) as RequestBody;
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') {
      const total = json.amount?.total ?? 0;
      const openid = json.payer?.openid;
      if (
        json.mchid !== state.mchid ||
        json.appid !== state.appId ||
        !Number.isInteger(total) ||
        total < 1 ||
        !openid ||
        !json.notify_url ||
        !json.out_trade_no ||
        (json.time_expire !== undefined && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(json.time_expire))
      ) {
        return fail(res, 400, 'PARAM_ERROR', '参数错误');
      }
      const existing = orders.get(json.out_trade_no);
      if (existing && existing.amountCents !== total) {
        return fail(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
      const order: FakeOrder = existing ?? {
        appid: state.appId,
        outTradeNo: json.out_trade_no,
        amountCents: total,
        openid,
        notifyUrl: json.notify_url,
        description: json.description ?? '',
        prepayId: `wx${randomBytes(14).toString('hex')}`,
        tradeState: 'NOTPAY',
        transactionId: '',
        timeExpire: json.time_expire ?? '',
      };
      if (order.tradeState === 'CLOSED') {
        return fail(res, 400, 'ORDER_CLOSED', '订单已关闭');
      }
      orders.set(order.outTradeNo, order);
      return answer(res, 200, { prepay_id: order.prepayId });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && query) {
      const order = orders.get(decodeURIComponent(query[1] ?? ''));
      if (url.searchParams.get('mchid') !== state.mchid) {
        return fail(res, 400, 'PARAM_ERROR', 'mchid');
      }
      if (!order) {
        return fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      }
      return answer(res, 200, {
        appid: order.appid,
        mchid: state.mchid,
        out_trade_no: order.outTradeNo,
        transaction_id: order.transactionId || undefined,
        trade_type: 'JSAPI',
        trade_state: order.tradeState,
        trade_state_desc: { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭', REFUND: '转入退款' }[
          order.tradeState
        ],
        payer: { openid: order.openid },
        amount:
          order.tradeState === 'NOTPAY' || order.tradeState === 'CLOSED'
            ? { total: order.amountCents, currency: 'CNY' }
            : { total: order.amountCents, payer_total: order.amountCents, currency: 'CNY', payer_currency: 'CNY' },
      });
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (req.method === 'POST' && close) {
      if (json.mchid !== state.mchid) {
        return fail(res, 400, 'PARAM_ERROR', 'mchid');
      }
      const order = orders.get(decodeURIComponent(close[1] ?? ''));
      if (order && (order.tradeState === 'SUCCESS' || order.tradeState === 'REFUND')) {
        return fail(res, 400, 'ORDERPAID', '订单已支付');
      }
      if (order) {
        order.tradeState = 'CLOSED';
      }
      // WeChat Pay answers 204 with no body, signed like every answer (an unknown order too).
      return answer(res, 204, null);
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundQuery) {
      const refund = refunds.get(decodeURIComponent(refundQuery[1] ?? ''));
      return refund ? answer(res, 200, refundAnswer(refund)) : fail(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const order = orders.get(json.out_trade_no ?? '');
      const refund = json.amount?.refund ?? 0;
      if (!json.out_refund_no || json.amount?.currency !== 'CNY' || !Number.isInteger(refund)) {
        return fail(res, 400, 'PARAM_ERROR', '参数错误');
      }
      const same = refunds.get(json.out_refund_no);
      if (same) {
        // The same out_refund_no again is the same refund ("同一退款单号多次请求只退一笔").
        return same.refundCents === refund
          ? answer(res, 200, refundAnswer(same))
          : fail(res, 400, 'INVALID_REQUEST', '退款单号已存在且金额不同');
      }
      if (!order || (order.tradeState !== 'SUCCESS' && order.tradeState !== 'REFUND')) {
        return fail(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在或未支付');
      }
      const taken = [...refunds.values()]
        .filter((r) => r.outTradeNo === order.outTradeNo && r.status !== 'CLOSED' && r.status !== 'ABNORMAL')
        .reduce((sum, r) => sum + r.refundCents, 0);
      if (json.amount?.total !== order.amountCents || !(refund > 0) || refund > order.amountCents - taken) {
        return fail(res, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      }
      if (!control.refundsArrive) {
        return fail(res, 500, 'SYSTEM_ERROR', '系统错误');
      }
      const created: FakeRefund = {
        outTradeNo: order.outTradeNo,
        outRefundNo: json.out_refund_no,
        refundCents: refund,
        totalCents: order.amountCents,
        notifyUrl: json.notify_url ?? order.notifyUrl,
        reason: json.reason ?? '',
        refundId: `50${randomBytes(12).toString('hex')}`,
        status: 'PROCESSING',
        createTime: beijingNow(),
      };
      refunds.set(created.outRefundNo, created);
      order.tradeState = 'REFUND';
      return answer(res, 200, refundAnswer(created));
    }
    return fail(res, 404, 'NOT_FOUND', 'no such API in the fake');
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    ...state,
    merchantPrivateKey: merchant.privateKey,
    platformPublicKey: platform.publicKey,
    orders,
    refunds,
    calls,
    get badSignatures() {
      return badSignatures;
    },
    get failNext() {
      return control.failNext;
    },
    set failNext(value) {
      control.failNext = value;
    },
    get refundsArrive() {
      return control.refundsArrive;
    },
    set refundsArrive(value) {
      control.refundsArrive = value;
    },
    pay(outTradeNo, options = {}) {
      const order = orders.get(outTradeNo);
      if (!order) {
        throw new Error(`fake: no order ${outTradeNo}`);
      }
      if (order.tradeState === 'CLOSED') {
        throw new Error(`fake: order ${outTradeNo} is closed and cannot be paid`);
      }
      order.tradeState = 'SUCCESS';
      order.transactionId ||= `4200${randomBytes(12).toString('hex')}`;
      const total = options.amountCents ?? order.amountCents;
      return notify(
        'TRANSACTION.SUCCESS',
        'transaction',
        {
          appid: order.appid,
          mchid: options.mchid ?? state.mchid,
          out_trade_no: order.outTradeNo,
          transaction_id: order.transactionId,
          trade_type: 'JSAPI',
          trade_state: 'SUCCESS',
          trade_state_desc: '支付成功',
          success_time: new Date().toISOString(),
          payer: { openid: order.openid },
          amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
        },
        options.timestamp,
      );
    },
    refundNotify(outRefundNo, status = 'SUCCESS') {
      const refund = refunds.get(outRefundNo);
      if (!refund) {
        throw new Error(`fake: no refund ${outRefundNo}`);
      }
      refund.status = status;
      return notify(`REFUND.${status}`, 'refund', {
        mchid: state.mchid,
        out_trade_no: refund.outTradeNo,
        transaction_id: orders.get(refund.outTradeNo)?.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: status,
        ...(status === 'SUCCESS' ? { success_time: beijingNow() } : {}),
        user_received_account: '支付用户零钱',
        amount: {
          total: refund.totalCents,
          refund: refund.refundCents,
          payer_total: refund.totalCents,
          payer_refund: refund.refundCents,
        },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
