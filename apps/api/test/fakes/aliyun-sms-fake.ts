// A local stand-in for Alibaba Cloud SMS's SendSms (dysmsapi 2017-05-25, RPC style). It checks requests
// the way the real service does — required parameters, key id, the HMAC-SHA1 signature, a 15-minute
// timestamp window, single-use nonces, the action's own parameters — and answers with the real shapes.
// The signature check is written separately from the client (its own byte-level encoder, string to sign
// rebuilt from the parameters as received), so a shared mistake cannot make both sides agree.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface FakeSms {
  phoneNumbers: string[];
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  bizId: string;
  method: 'GET' | 'POST';
  receivedAt: Date;
}

export interface FakeRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
  /** The Code this fake answered with. */
  code: string;
}

export interface AliyunSmsFakeOptions {
  accessKeyId?: string;
  accessKeySecret?: string;
  /** The one approved signature name; others are refused like an unapproved one. */
  signName?: string;
  templateCode?: string;
  /** The variables the approved template uses; TemplateParam must supply each. */
  templateVars?: string[];
  /** Further approved templates (e.g. a notice template), by code, with the variables each uses. */
  moreTemplates?: Record<string, string[]>;
  now?: () => Date;
}

const MAX_SKEW_MS = 15 * 60_000;
const HOST_ID = 'dysmsapi.aliyuncs.com';
// Mainland numbers in the prefixes the docs allow: none, +86, 0086 or 86.
const MAINLAND_PHONE = /^(?:\+86|0086|86)?1[3-9]\d{9}$/;

/** RFC 3986 over UTF-8 bytes: unreserved characters as they are, every other byte as %XY. */
function encodeRfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A refusal in the service's terms: HTTP status, error Code and Message. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Form/query decoding: '+' is a space, %XY are UTF-8 bytes; a repeated name is ambiguous, so refused. */
function parseParams(raw: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of raw.split('&')) {
    if (pair === '') {
      continue;
    }
    const eq = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      throw new Refusal(400, 'InvalidParameter', 'The request contains malformed percent-encoding.');
    }
    if (params.has(name)) {
      throw new Refusal(400, 'InvalidParameter', `The parameter "${name}" is repeated.`);
    }
    params.set(name, value);
  }
  return params;
}

export class AliyunSmsFake {
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly signName: string;
  readonly templateCode: string;
  readonly templateVars: string[];
  readonly moreTemplates: Record<string, string[]>;
  /** Accepted messages, oldest first. */
  readonly messages: FakeSms[] = [];
  /** Every request as it arrived, accepted or not. */
  readonly requests: FakeRequest[] = [];
  /** While true, authenticated sends are refused with isv.BUSINESS_LIMIT_CONTROL. */
  throttle = false;
  /** Delay before every answer, to exercise client time-outs. */
  delayMs = 0;
  url = '';
  readonly #now: () => Date;
  readonly #usedNonces = new Set<string>();
  readonly #server: Server;

  private constructor(options: AliyunSmsFakeOptions) {
    this.accessKeyId = options.accessKeyId ?? 'LTAI-fake-key-id';
    this.accessKeySecret = options.accessKeySecret ?? 'fake-access-key-secret';
    this.signName = options.signName ?? '糖护';
    this.templateCode = options.templateCode ?? 'SMS_000000001';
    this.templateVars = options.templateVars ?? ['code'];
    this.moreTemplates = options.moreTemplates ?? {};
    this.#now = options.now ?? (() => new Date());
    this.#server = createServer((req, res) => {
      // A bug in the fake must surface as a failed request, not an unhandled rejection.
      this.#handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
    });
  }

  static async start(options: AliyunSmsFakeOptions = {}): Promise<AliyunSmsFake> {
    const fake = new AliyunSmsFake(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '/';
    let answer: { status: number; fields: Record<string, string> };
    let xml = false;
    try {
      const { method, raw } = this.#readRequest(req.method ?? '', url, req.headers['content-type'], body);
      const params = parseParams(raw);
      xml = params.get('Format')?.toUpperCase() === 'XML' || !params.has('Format'); // XML is the service's default
      answer = { status: 200, fields: this.#send(method, params) };
    } catch (error) {
      if (!(error instanceof Refusal)) {
        throw error;
      }
      answer = { status: error.status, fields: { Code: error.code, Message: error.message, HostId: HOST_ID } };
    }
    this.requests.push({
      method: req.method ?? '',
      url,
      contentType: req.headers['content-type'],
      body,
      code: answer.fields.Code ?? '',
    });
    if (this.delayMs > 0) {
      await sleep(this.delayMs, undefined, { ref: false });
    }
    const fields = { RequestId: randomUUID().toUpperCase(), ...answer.fields };
    if (xml) {
      const inner = Object.entries(fields).map(
        ([k, v]) => `<${k}>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${k}>`,
      );
      const root = answer.fields.Code === 'OK' || answer.status === 200 ? 'SendSmsResponse' : 'Error';
      res.writeHead(answer.status, { 'content-type': 'text/xml;charset=utf-8' });
      res.end(`<?xml version='1.0' encoding='UTF-8'?><${root}>${inner.join('')}</${root}>`);
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify(fields));
  }

  /** GET carries the parameters in the query string, POST in a form body. */
  #readRequest(
    method: string,
    url: string,
    contentType: string | undefined,
    body: string,
  ): { method: 'GET' | 'POST'; raw: string } {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    if (path !== '/' || (method !== 'GET' && method !== 'POST')) {
      throw new Refusal(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    }
    if (method === 'GET') {
      return { method, raw: query };
    }
    if (!contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      throw new Refusal(400, 'InvalidParameter', 'A POST must carry an application/x-www-form-urlencoded body.');
    }
    return { method, raw: query === '' ? body : `${query}&${body}` };
  }

  #send(method: 'GET' | 'POST', params: Map<string, string>): Record<string, string> {
    for (const name of ['AccessKeyId', 'Action', 'Signature', 'SignatureNonce', 'Timestamp', 'Version']) {
      if (!params.get(name)) {
        throw new Refusal(
          400,
          'MissingParameter',
          `The input parameter "${name}" that is mandatory for processing this request is not supplied.`,
        );
      }
    }
    if (params.get('Action') !== 'SendSms') {
      throw new Refusal(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    }
    if (params.get('Version') !== '2017-05-25') {
      throw new Refusal(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    }
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      throw new Refusal(400, 'IncompleteSignature', 'SignatureMethod must be HMAC-SHA1 and SignatureVersion 1.0.');
    }
    if (params.get('AccessKeyId') !== this.accessKeyId) {
      throw new Refusal(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    }
    this.#checkTimestamp(params.get('Timestamp') ?? '');
    this.#checkSignature(method, params);
    // Only an authenticated request may spend a nonce, or anyone could burn other callers' nonces.
    const nonce = params.get('SignatureNonce') ?? '';
    if (this.#usedNonces.has(nonce)) {
      throw new Refusal(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    }
    this.#usedNonces.add(nonce);
    return this.#sendSms(method, params);
  }

  #checkTimestamp(value: string): void {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value) || Number.isNaN(Date.parse(value))) {
      throw new Refusal(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    }
    if (Math.abs(this.#now().getTime() - Date.parse(value)) > MAX_SKEW_MS) {
      throw new Refusal(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
  }

  #checkSignature(method: 'GET' | 'POST', params: Map<string, string>): void {
    const canonical = [...params.keys()]
      .filter((name) => name !== 'Signature')
      .map((name) => [encodeRfc3986(name), encodeRfc3986(params.get(name) ?? '')] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const stringToSign = `${method}&${encodeRfc3986('/')}&${encodeRfc3986(canonical)}`;
    const expected = createHmac('sha1', `${this.accessKeySecret}&`).update(stringToSign, 'utf8').digest();
    const given = Buffer.from(params.get('Signature') ?? '', 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new Refusal(
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`,
      );
    }
  }

  /** The action itself: refusals here are business errors, answered with HTTP 200 like the real service. */
  #sendSms(method: 'GET' | 'POST', params: Map<string, string>): Record<string, string> {
    const refuse = (code: string, message: string) => ({ Code: code, Message: message });
    const phones = params.get('PhoneNumbers');
    if (!phones) {
      throw new Refusal(400, 'MissingPhoneNumbers', 'PhoneNumbers is mandatory for this action.');
    }
    const phoneNumbers = phones.split(',');
    if (phoneNumbers.length > 1000 || !phoneNumbers.every((p) => MAINLAND_PHONE.test(p))) {
      return refuse('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    }
    if (params.get('SignName') !== this.signName) {
      return refuse('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    }
    const templateCode = params.get('TemplateCode') ?? '';
    const templateVars =
      templateCode === this.templateCode
        ? this.templateVars
        : Object.hasOwn(this.moreTemplates, templateCode)
          ? this.moreTemplates[templateCode]
          : undefined;
    if (!templateVars) {
      return refuse('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    }
    let templateParam: unknown;
    try {
      templateParam = JSON.parse(params.get('TemplateParam') ?? '');
    } catch {
      templateParam = undefined;
    }
    if (typeof templateParam !== 'object' || templateParam === null || Array.isArray(templateParam)) {
      return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    const vars = templateParam as Record<string, unknown>;
    if (!Object.values(vars).every((v) => typeof v === 'string')) {
      return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (!templateVars.every((name) => name in vars)) {
      return refuse('isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量');
    }
    // A variable of free content (自定义内容) holds at most 35 characters.
    if (Object.values(vars).some((v) => [...(v as string)].length > 35)) {
      return refuse('isv.PARAM_LENGTH_LIMIT', '参数超出长度限制');
    }
    if (this.throttle) {
      return refuse('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1');
    }
    const bizId = `${randomInt(10 ** 9, 10 ** 10 - 1)}${randomInt(10 ** 7, 10 ** 8 - 1)}^0`;
    this.messages.push({
      phoneNumbers,
      signName: this.signName,
      templateCode,
      templateParam: vars as Record<string, string>,
      bizId,
      method,
      receivedAt: this.#now(),
    });
    return { Code: 'OK', Message: 'OK', BizId: bizId };
  }
}
