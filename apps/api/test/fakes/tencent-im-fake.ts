// A local stand-in for Tencent Cloud IM's server REST API (ADR 0124): POST /v4/<service>/<command>
// ?sdkappid=…&identifier=<App admin>&usersig=…&random=<uint32>&contenttype=json with a JSON body,
// answered with HTTP 200 and {ActionStatus, ErrorCode, ErrorInfo} like the real one. It checks the
// admin's UserSig the way Tencent does — written apart from tls-sig-api-v2 (its own unescape,
// inflate and HMAC over the TLS fields), so a shared mistake cannot make both sides agree — and
// answers the documented codes: 60002 bad URL, 60003 bad JSON, 60006 unknown SDKAppID, 60010 not
// the admin, 70001 UserSig expired, 70003 UserSig unreadable, 70009 UserSig forged, 70013 UserSig
// of another account, 70014 of another SDKAppID, 70402 bad parameter, 20003 sender or receiver
// not imported. It keeps the imported accounts and the sent messages for the tests.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';

export interface FakeTencentImOptions {
  sdkAppId: number;
  secretKey: string;
  admin: string;
}

/** A message the fake received through sendmsg, as the REST body gave it. */
export interface FakeTencentImMessage {
  SyncOtherMachine: number;
  From_Account: string;
  To_Account: string;
  MsgRandom: number;
  MsgBody: { MsgType: string; MsgContent: { Data?: string; Desc?: string; Ext?: string } }[];
}

export interface FakeTencentIm extends FakeTencentImOptions {
  baseUrl: string;
  /** Accounts imported through account_import. */
  accounts: Set<string>;
  messages: FakeTencentImMessage[];
  /** Every request's path and ErrorCode, in order. */
  calls: { path: string; code: number }[];
  /** The next `count` requests are refused with `code`, whatever they are. */
  refuseNext(code: number, info: string, count?: number): void;
  /** Resolves once `count` messages have arrived in all. */
  messagesArrived(count: number): Promise<FakeTencentImMessage[]>;
  /** The checks Tencent makes of a UserSig for `userId`: 0 when it would log in, else the code. */
  checkUserSig(sig: string, userId: string, now?: Date): number;
  close(): Promise<void>;
}

const OK = { ActionStatus: 'OK', ErrorInfo: '', ErrorCode: 0 };

/** Reads a UserSig: `*`→`+`, `-`→`/`, `_`→`=`, base64, zlib inflate, JSON. */
function readUserSig(sig: string): Record<string, unknown> | null {
  try {
    const base64 = sig.replaceAll('*', '+').replaceAll('-', '/').replaceAll('_', '=');
    const doc = JSON.parse(inflateSync(Buffer.from(base64, 'base64')).toString('utf8')) as unknown;
    return typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function checkSig(options: FakeTencentImOptions, sig: string, userId: string, now: Date): number {
  const doc = readUserSig(sig);
  if (!doc || doc['TLS.ver'] !== '2.0' || typeof doc['TLS.sig'] !== 'string') {
    return 70003;
  }
  const identifier = doc['TLS.identifier'];
  const time = doc['TLS.time'];
  const expire = doc['TLS.expire'];
  if (typeof identifier !== 'string' || typeof time !== 'number' || typeof expire !== 'number') {
    return 70003;
  }
  if (doc['TLS.sdkappid'] !== options.sdkAppId) {
    return 70014;
  }
  const signed =
    `TLS.identifier:${identifier}\n` +
    `TLS.sdkappid:${options.sdkAppId}\n` +
    `TLS.time:${time}\n` +
    `TLS.expire:${expire}\n`;
  const expected = createHmac('sha256', options.secretKey).update(signed).digest();
  const given = Buffer.from(doc['TLS.sig'], 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 70009;
  }
  if (identifier !== userId) {
    return 70013;
  }
  return (time + expire) * 1000 > now.getTime() ? 0 : 70001;
}

const isAccount = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && Buffer.byteLength(value) <= 32;
const isUint32 = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff;

export async function startTencentImFake(options: FakeTencentImOptions): Promise<FakeTencentIm> {
  const accounts = new Set<string>();
  const messages: FakeTencentImMessage[] = [];
  const calls: { path: string; code: number }[] = [];
  const waiting: { count: number; resolve: (m: FakeTencentImMessage[]) => void }[] = [];
  let refusal: { code: number; info: string; count: number } | null = null;

  function answer(response: ServerResponse, path: string, body: { ErrorCode: number; [field: string]: unknown }) {
    calls.push({ path, code: body.ErrorCode });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }
  const fail = (code: number, info: string) => ({ ActionStatus: 'FAIL', ErrorInfo: info, ErrorCode: code });

  function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\//, '');
    if (request.method !== 'POST' || !path.startsWith('v4/')) {
      return answer(response, path, fail(60009, 'request resource error'));
    }
    if (refusal && refusal.count > 0) {
      refusal.count -= 1;
      return answer(response, path, fail(refusal.code, refusal.info));
    }
    const q = url.searchParams;
    const random = Number(q.get('random'));
    if (q.get('contenttype') !== 'json' || !/^[0-9]+$/.test(q.get('random') ?? '') || !isUint32(random)) {
      return answer(response, path, fail(60002, 'HTTP parse error'));
    }
    if (q.get('sdkappid') !== String(options.sdkAppId)) {
      return answer(response, path, fail(60006, 'invalid SDKAppID'));
    }
    if (q.get('identifier') !== options.admin) {
      return answer(response, path, fail(60010, 'App admin permission required'));
    }
    const sigCode = checkSig(options, q.get('usersig') ?? '', options.admin, new Date());
    if (sigCode !== 0) {
      return answer(response, path, fail(sigCode, 'UserSig check failed'));
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return answer(response, path, fail(60003, 'JSON parse error'));
    }
    if (path === 'v4/im_open_login_svc/account_import') {
      if (!isAccount(body.UserID)) {
        return answer(response, path, fail(70402, 'invalid UserID'));
      }
      accounts.add(body.UserID);
      return answer(response, path, OK);
    }
    if (path === 'v4/openim/sendmsg') {
      const message = body as unknown as FakeTencentImMessage;
      const element = Array.isArray(message.MsgBody) ? message.MsgBody[0] : undefined;
      if (
        !isUint32(message.MsgRandom) ||
        ![1, 2].includes(message.SyncOtherMachine) ||
        !element ||
        !['TIMCustomElem', 'TIMTextElem'].includes(element.MsgType) ||
        typeof element.MsgContent !== 'object'
      ) {
        return answer(response, path, fail(90001, 'JSON format error'));
      }
      if (!accounts.has(message.From_Account) || !accounts.has(message.To_Account)) {
        return answer(response, path, fail(20003, 'sender or receiver UserID invalid or not imported'));
      }
      messages.push(message);
      for (const w of waiting.filter((x) => messages.length >= x.count)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(messages.slice());
      }
      const time = Math.floor(Date.now() / 1000);
      return answer(response, path, {
        ...OK,
        MsgTime: time,
        MsgKey: `${message.MsgRandom}_${messages.length}_${time}`,
      });
    }
    return answer(response, path, fail(60009, 'request resource error'));
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...options,
    baseUrl: `http://127.0.0.1:${port}`,
    accounts,
    messages,
    calls,
    refuseNext: (code, info, count = 1) => {
      refusal = { code, info, count };
    },
    messagesArrived: (count) =>
      messages.length >= count
        ? Promise.resolve(messages.slice())
        : new Promise((resolve) => waiting.push({ count, resolve })),
    checkUserSig: (sig, userId, now = new Date()) => checkSig(options, sig, userId, now),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
