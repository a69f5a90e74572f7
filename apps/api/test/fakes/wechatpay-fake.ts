/**
 * A local stand-in for api.mch.weixin.qq.com speaking WeChat Pay API v3 as we use it: the JSAPI
 * prepay, the order query by out_trade_no and domestic refunds. It holds its own test keys: it
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
  amount?: { total?: number; refund?: number };
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
}

export interface FakeRefund {
  outTradeNo: string;
  outRefundNo: string;
  refundCents: number;
  totalCents: number;
  notifyUrl: string;
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
  /** The payer pays: the order becomes SUCCESS; returns the notify WeChat Pay would post. */
  pay(outTradeNo: string, options?: NotifyOptions): { headers: Record<string, string>; body: string };
  /** The refund's notify (REFUND.SUCCESS or REFUND.ABNORMAL). */
  refundNotify(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL'): { headers: Record<string, string>; body: string };
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
  const signer = { serial: state.platformSerial, privateKey: platform.privateKey };

  const answer = (res: ServerResponse, status: number, json: object | null) => {
    const body = json ? JSON.stringify(json) : '';
    res.writeHead(status, { 'content-type': 'application/json', ...signBody(body, signer) });
    res.end(body);
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { code, message });

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
        !json.out_trade_no
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
      };
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
        amount: { total: order.amountCents, currency: 'CNY' },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const order = orders.get(json.out_trade_no ?? '');
      const refund = json.amount?.refund ?? 0;
      if (!order || !json.out_refund_no || (order.tradeState !== 'SUCCESS' && order.tradeState !== 'REFUND')) {
        return fail(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在或未支付');
      }
      if (json.amount?.total !== order.amountCents || !(refund > 0) || refund > order.amountCents) {
        return fail(res, 400, 'PARAM_ERROR', '退款金额错误');
      }
      refunds.set(json.out_refund_no, {
        outTradeNo: order.outTradeNo,
        outRefundNo: json.out_refund_no,
        refundCents: refund,
        totalCents: order.amountCents,
        notifyUrl: json.notify_url ?? order.notifyUrl,
      });
      order.tradeState = 'REFUND';
      return answer(res, 200, {
        refund_id: `50${randomBytes(12).toString('hex')}`,
        out_refund_no: json.out_refund_no,
        out_trade_no: order.outTradeNo,
        status: 'PROCESSING',
        amount: { total: order.amountCents, refund, currency: 'CNY' },
      });
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
    get badSignatures() {
      return badSignatures;
    },
    pay(outTradeNo, options = {}) {
      const order = orders.get(outTradeNo);
      if (!order) {
        throw new Error(`fake: no order ${outTradeNo}`);
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
      return notify(`REFUND.${status}`, 'refund', {
        mchid: state.mchid,
        out_trade_no: refund.outTradeNo,
        transaction_id: orders.get(refund.outTradeNo)?.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: `50${randomBytes(12).toString('hex')}`,
        refund_status: status,
        success_time: new Date().toISOString(),
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
