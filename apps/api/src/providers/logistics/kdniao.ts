// 快递鸟 (kdniao.com) instant query (即时查询), RequestType 1002: a form POST to
// /Ebusiness/EbusinessOrderHandle.aspx with RequestData (the JSON query), EBusinessID (the user id),
// RequestType, DataType 2 (JSON) and DataSign = base64 of the lowercase hex md5 of RequestData + AppKey,
// URL-encoded like every form field. The answer: Success, Reason, ShipperCode, LogisticCode, State
// and Traces[{AcceptTime, AcceptStation}] in the courier's order. One request shape does not justify
// an SDK.
import { createHash } from 'node:crypto';
import { COURIERS_NEEDING_PHONE_TAIL } from '@glucoguard/domain';
import { LogisticsError, type LogisticsProvider, type Shipment, type Trace, type Tracking } from './logistics';

export const KDNIAO_DEFAULT_BASE = 'https://api.kdniao.com';
export const KDNIAO_PATH = '/Ebusiness/EbusinessOrderHandle.aspx';
/** The instant query's request type. */
export const KDNIAO_INSTANT_QUERY = '1002';

/** DataSign before the form's URL encoding: base64(md5hex(RequestData + AppKey)). */
export function kdniaoDataSign(requestData: string, appKey: string): string {
  const md5 = createHash('md5')
    .update(requestData + appKey, 'utf8')
    .digest('hex');
  return Buffer.from(md5, 'utf8').toString('base64');
}

export interface KdniaoConfig {
  /** The 用户ID (EBusinessID). */
  businessId: string;
  /** The API key (AppKey). */
  appKey: string;
  /** Scheme and host, e.g. https://api.kdniao.com (a local fake in tests). */
  base?: string;
  timeoutMs?: number;
}

export interface KdniaoOptions extends KdniaoConfig {
  fetch?: typeof fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export class KdniaoLogisticsProvider implements LogisticsProvider {
  readonly name = 'kdniao' as const;
  readonly #businessId: string;
  readonly #appKey: string;
  readonly #base: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: KdniaoOptions) {
    const base = options.base ?? KDNIAO_DEFAULT_BASE;
    if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
      throw new TypeError(`The 快递鸟 base must be an http(s) URL, got "${base}".`);
    }
    this.#businessId = options.businessId;
    this.#appKey = options.appKey;
    this.#base = new URL(base).origin;
    this.#timeoutMs = options.timeoutMs ?? 5000;
    // Resolved per call rather than captured, so the global stays replaceable (e.g. by a proxy agent).
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async track(shipment: Shipment): Promise<Tracking> {
    const query: Record<string, string> = {
      OrderCode: '',
      ShipperCode: shipment.shipperCode,
      LogisticCode: shipment.logisticCode,
    };
    if (shipment.phoneTail && COURIERS_NEEDING_PHONE_TAIL.includes(shipment.shipperCode)) {
      query.CustomerName = shipment.phoneTail;
    }
    const requestData = JSON.stringify(query);
    const body = new URLSearchParams({
      RequestData: requestData,
      EBusinessID: this.#businessId,
      RequestType: KDNIAO_INSTANT_QUERY,
      DataSign: kdniaoDataSign(requestData, this.#appKey),
      DataType: '2',
    });

    let status: number;
    let answer: string;
    try {
      const response = await this.#fetch(`${this.#base}${KDNIAO_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: body.toString(),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      answer = await response.text();
    } catch (error) {
      throw new LogisticsError('NETWORK', this.#networkMessage(error), true, { cause: error });
    }
    if (status < 200 || status >= 300) {
      throw new LogisticsError(`HTTP_${status}`, `快递鸟 answered HTTP ${status}.`, status >= 500);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(answer);
    } catch {
      payload = undefined;
    }
    if (!isRecord(payload) || typeof payload.Success !== 'boolean') {
      throw new LogisticsError('BAD_RESPONSE', '快递鸟 answered without Success.', true);
    }
    if (!payload.Success) {
      const reason = text(payload.Reason).slice(0, 200);
      throw new LogisticsError('REFUSED', `快递鸟 refused the query: ${reason}`, false);
    }
    const traces: Trace[] = (Array.isArray(payload.Traces) ? payload.Traces : [])
      .filter(isRecord)
      .map((trace) => ({ acceptTime: text(trace.AcceptTime), acceptStation: text(trace.AcceptStation) }))
      .filter((trace) => trace.acceptStation !== '');
    const state = Number.parseInt(text(payload.State), 10);
    return { state: Number.isNaN(state) ? 0 : state, traces };
  }

  #networkMessage(error: unknown): string {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return `快递鸟 did not answer within ${this.#timeoutMs} ms.`;
    }
    const cause = error instanceof Error && isRecord(error.cause) ? error.cause : undefined;
    const detail =
      typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
    return `Could not reach 快递鸟 at ${new URL(this.#base).host}: ${detail}.`;
  }
}
