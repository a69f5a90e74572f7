// A local stand-in for 快递鸟's instant query (POST /Ebusiness/EbusinessOrderHandle.aspx, RequestType
// 1002). It checks a request the way the service does — a form body, the known EBusinessID, the
// request type, DataType 2 and DataSign, base64 of the lowercase hex md5 of RequestData + AppKey —
// and answers in the service's shape: Success, Reason, ShipperCode, LogisticCode, State and Traces
// in the courier's order. SF waybills answer only with the right CustomerName (the last 4 digits of
// the phone). The form parsing and the signature are written apart from the client's, so a shared
// mistake cannot make both sides agree.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWaybill {
  shipperCode: string;
  logisticCode: string;
  state: string;
  traces: { AcceptTime: string; AcceptStation: string }[];
  /** For SF: the last 4 digits of the consignee's phone the query must carry. */
  customerName?: string;
}

export const FAKE_WAYBILLS: FakeWaybill[] = [
  {
    shipperCode: 'ZTO',
    logisticCode: '78123456789012',
    state: '2',
    traces: [
      { AcceptTime: '2026-11-25 18:20:11', AcceptStation: '【杭州市】杭州余杭区快递员已揽收' },
      { AcceptTime: '2026/11/25 23:05:40', AcceptStation: '【杭州市】快件已发往 上海转运中心' },
      { AcceptTime: '2026-11-26 06:12:03', AcceptStation: '【上海市】快件已到达 上海转运中心' },
    ],
  },
  {
    shipperCode: 'SF',
    logisticCode: 'SF1400123456789',
    state: '3',
    customerName: '8000',
    traces: [
      { AcceptTime: '2026-11-24 10:00:00', AcceptStation: '顺丰速运 已收取快件' },
      { AcceptTime: '2026-11-25 15:30:00', AcceptStation: '快件已签收，签收人：本人' },
    ],
  },
];

export interface FakeRequest {
  path: string;
  form: Record<string, string>;
  query: Record<string, unknown> | null;
}

/** `application/x-www-form-urlencoded` as the service reads it: `+` is a space, each value decoded once. */
function parseForm(body: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const pair of body.split('&')) {
    if (pair === '') {
      continue;
    }
    const at = pair.indexOf('=');
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    form[decode(at < 0 ? pair : pair.slice(0, at))] = at < 0 ? '' : decode(pair.slice(at + 1));
  }
  return form;
}

function parseQuery(requestData: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(requestData);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class KdniaoFake {
  readonly businessId = '1690001';
  readonly appKey = 'a1b2c3d4-fake-kdniao-app-key';
  readonly requests: FakeRequest[] = [];
  /** Answer HTTP 502 to the next calls while set. */
  failing = false;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<KdniaoFake> {
    const holder: { fake?: KdniaoFake } = {};
    const server = createServer((req, res) => holder.fake?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.fake = new KdniaoFake(server, `http://127.0.0.1:${port}`);
    return holder.fake;
  }

  get calls(): number {
    return this.requests.length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', this.url).pathname;
      const form = parseForm(Buffer.concat(chunks).toString('utf8'));
      const query = parseQuery(form.RequestData ?? '');
      this.requests.push({ path, form, query });
      if (this.failing) {
        res.writeHead(502).end('Bad Gateway');
        return;
      }
      if (req.method !== 'POST' || path !== '/Ebusiness/EbusinessOrderHandle.aspx') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(this.answer(form, query)));
    });
  }

  private answer(form: Record<string, string>, query: Record<string, unknown> | null) {
    const refuse = (Reason: string) => ({ EBusinessID: form.EBusinessID ?? '', Success: false, Reason });
    if (form.EBusinessID !== this.businessId) {
      return refuse('用户ID不存在');
    }
    if (form.RequestType !== '1002' || form.DataType !== '2') {
      return refuse('RequestType或DataType错误');
    }
    const expected = Buffer.from(
      createHash('md5')
        .update(`${form.RequestData ?? ''}${this.appKey}`)
        .digest('hex'),
    ).toString('base64');
    if (form.DataSign !== expected) {
      return refuse('数据签名验证失败');
    }
    if (!query || typeof query.ShipperCode !== 'string' || typeof query.LogisticCode !== 'string') {
      return refuse('请求数据格式错误');
    }
    const waybill = FAKE_WAYBILLS.find(
      (w) => w.shipperCode === query.ShipperCode && w.logisticCode === query.LogisticCode,
    );
    const base = {
      EBusinessID: this.businessId,
      ShipperCode: query.ShipperCode,
      LogisticCode: query.LogisticCode,
      Success: true,
    };
    if (!waybill || (waybill.customerName !== undefined && query.CustomerName !== waybill.customerName)) {
      return { ...base, State: '0', Reason: '暂无轨迹信息', Traces: [] };
    }
    return { ...base, State: waybill.state, Traces: waybill.traces };
  }
}
