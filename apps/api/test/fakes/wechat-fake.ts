/**
 * A local stand-in for api.weixin.qq.com speaking the parts of its protocol we use: web
 * authorisation (code → user token → userinfo), the JS-SDK's access token and jsapi ticket, and
 * the official account's template messages, and the temporary media download (`media/get`) that
 * fetches what a page uploaded with the JS-SDK's uploadVoice.
 * Errors are answered the way the real API does — HTTP 200 with `{errcode, errmsg}`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatUser {
  openid: string;
  nickname?: string;
  headimgurl?: string;
  /** Sent as given, so tests can send values outside 0/1/2. */
  sex?: number;
  unionid?: string;
  province?: string;
  city?: string;
  country?: string;
}

export interface WechatFakeCalls {
  oauthToken: number;
  userinfo: number;
  /** /cgi-bin/token and /cgi-bin/stable_token together. */
  accessToken: number;
  ticket: number;
  /** POST /cgi-bin/message/template/send, accepted or not. */
  templateSend: number;
  /** GET /cgi-bin/media/get, answered with the file or not. */
  mediaGet: number;
}

/** A template message the fake accepted. */
export interface FakeTemplateMessage {
  touser: string;
  template_id: string;
  url?: string;
  client_msg_id?: string;
  data: Record<string, { value: string }>;
  msgid: number;
}

// The value limits of the template keyword types (the official account's template-message rules).
const KEYWORD_LIMITS: Record<string, number> = {
  thing: 20,
  character_string: 32,
  phrase: 5,
  time: 32,
  number: 32,
  amount: 32,
  car_number: 8,
  phone_number: 17,
  const: 20,
};

type Json = Record<string, unknown>;

const err = (errcode: number, errmsg: string): Json => ({
  errcode,
  errmsg: `${errmsg}, rid: fake-${randomBytes(4).toString('hex')}`,
});
const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class WechatFake {
  readonly calls: WechatFakeCalls = {
    oauthToken: 0,
    userinfo: 0,
    accessToken: 0,
    ticket: 0,
    templateSend: 0,
    mediaGet: 0,
  };
  /** The template ids the account has; sending another is errcode 40037. */
  readonly templateIds = new Set(['TPL_READING_FAKE']);
  /** Openids that do not follow the account; sending to them is errcode 43004. */
  readonly unsubscribed = new Set<string>();
  /** Every template message accepted, oldest first (a resend with the same client_msg_id is kept once). */
  readonly templateMessages: FakeTemplateMessage[] = [];
  /** Lifetimes announced for the app access token and the jsapi ticket, in seconds. */
  tokenExpiresIn = 7200;
  ticketExpiresIn = 7200;
  /** Delay before every answer, to exercise client timeouts. */
  delayMs = 0;
  /** Every ticket issued, latest last. */
  readonly ticketsIssued: string[] = [];

  /** Temporary media by media id (what uploadVoice's serverId names), kept as the messaging app keeps it. */
  private readonly media = new Map<string, { bytes: Uint8Array; contentType: string }>();
  private readonly codes = new Map<string, { user: FakeWechatUser; used: boolean }>();
  private readonly userTokens = new Map<string, FakeWechatUser>();
  private readonly appTokens = new Set<string>();
  private busy: Set<string> | 'all' | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    readonly appId: string,
    readonly appSecret: string,
  ) {}

  static async start(options: { appId?: string; appSecret?: string } = {}): Promise<WechatFake> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new WechatFake(
      server,
      `http://127.0.0.1:${port}`,
      options.appId ?? 'wxfake0000000001',
      options.appSecret ?? 'fake-app-secret',
    );
    server.on('request', (req, res) => fake.handle(req, res));
    return fake;
  }

  /** What the messaging app would append to the redirect after the user agrees: a fresh single-use code. */
  issueCode(user: FakeWechatUser): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { user, used: false });
    return code;
  }

  /**
   * What the messaging app holds after a page's `wx.uploadVoice`: the clip (AMR, as `media/get`
   * serves voice) under a fresh media id, which is returned (the page's serverId).
   */
  addMedia(bytes: Uint8Array, contentType = 'audio/amr'): string {
    const mediaId = randomBytes(24).toString('base64url');
    this.media.set(mediaId, { bytes, contentType });
    return mediaId;
  }

  /** Answers errcode -1 (system busy) on the given paths, or on every path when none are given. */
  failWithSystemBusy(...paths: string[]): void {
    this.busy = paths.length === 0 ? 'all' : new Set(paths);
  }

  recover(): void {
    this.busy = null;
  }

  /** Invalidates every app access token, as a forced refresh elsewhere would. */
  revokeAccessTokens(): void {
    this.appTokens.clear();
  }

  async close(): Promise<void> {
    for (const timer of this.timers) {
      clearTimeout(timer);
    }
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.baseUrl);
    if (req.method === 'GET' && url.pathname === '/cgi-bin/media/get') {
      this.mediaGet(url.searchParams, res);
      return;
    }
    void this.answer(req).then(
      (body) => this.send(res, body === null ? 404 : 200, body ?? { errmsg: 'not found' }),
      () => this.send(res, 500, { errmsg: 'fake failed' }),
    );
  }

  private send(res: ServerResponse, status: number, body: Json): void {
    const write = () => {
      // Like the real API: JSON, but not always declared as such.
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    };
    if (this.delayMs <= 0) {
      write();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      write();
    }, this.delayMs);
    this.timers.add(timer);
  }

  private async answer(req: IncomingMessage): Promise<Json | null> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const q = Object.fromEntries(url.searchParams);
    const route = `${req.method} ${url.pathname}`;
    const counted: Record<string, keyof WechatFakeCalls> = {
      'GET /sns/oauth2/access_token': 'oauthToken',
      'GET /sns/userinfo': 'userinfo',
      'GET /cgi-bin/token': 'accessToken',
      'POST /cgi-bin/stable_token': 'accessToken',
      'GET /cgi-bin/ticket/getticket': 'ticket',
      'POST /cgi-bin/message/template/send': 'templateSend',
    };
    const counter = counted[route];
    if (counter === undefined) {
      return null;
    }
    this.calls[counter] += 1;
    if (this.busy === 'all' || this.busy?.has(url.pathname)) {
      return err(-1, 'system error');
    }
    switch (route) {
      case 'GET /sns/oauth2/access_token':
        return this.oauthToken(q);
      case 'GET /sns/userinfo':
        return this.userinfo(q);
      case 'GET /cgi-bin/token':
        return this.appToken(q.grant_type, q.appid, q.secret);
      case 'POST /cgi-bin/stable_token': {
        const body = JSON.parse(await readBody(req)) as Record<string, string | undefined>;
        return this.appToken(body.grant_type, body.appid, body.secret);
      }
      case 'POST /cgi-bin/message/template/send':
        return this.templateSend(q, JSON.parse(await readBody(req)) as Partial<FakeTemplateMessage>);
      default:
        return this.ticket(q);
    }
  }

  /**
   * `GET /cgi-bin/media/get?access_token&media_id`: the file with its type and an attachment name,
   * or — as the real API refuses — HTTP 200 with `{errcode, errmsg}` as text.
   */
  private mediaGet(q: URLSearchParams, res: ServerResponse): void {
    this.calls.mediaGet += 1;
    const accessToken = q.get('access_token');
    const mediaId = q.get('media_id') ?? '';
    const refusal =
      this.busy === 'all' || this.busy?.has('/cgi-bin/media/get')
        ? err(-1, 'system error')
        : !accessToken || !this.appTokens.has(accessToken)
          ? err(40001, 'invalid credential, access_token is invalid or not latest')
          : this.media.has(mediaId)
            ? null
            : err(40007, 'invalid media_id');
    const file = this.media.get(mediaId);
    if (refusal !== null || file === undefined) {
      this.send(res, 200, refusal ?? err(40007, 'invalid media_id'));
      return;
    }
    const ext = file.contentType === 'audio/amr' ? 'amr' : 'bin';
    res.writeHead(200, {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${mediaId}.${ext}"`,
      'cache-control': 'no-cache, must-revalidate',
      'content-length': String(file.bytes.byteLength),
    });
    res.end(Buffer.from(file.bytes));
  }

  private oauthToken(q: Record<string, string>): Json {
    if (q.appid !== this.appId) {
      return err(40013, 'invalid appid');
    }
    if (q.secret !== this.appSecret) {
      return err(40125, 'invalid appsecret');
    }
    if (q.grant_type !== 'authorization_code') {
      return err(40002, 'invalid grant_type');
    }
    if (!q.code) {
      return err(41008, 'missing code');
    }
    const entry = this.codes.get(q.code);
    if (!entry) {
      return err(40029, 'invalid code');
    }
    if (entry.used) {
      return err(40163, 'code been used');
    }
    entry.used = true;
    const accessToken = token('ut');
    this.userTokens.set(accessToken, entry.user);
    return {
      access_token: accessToken,
      expires_in: 7200,
      refresh_token: token('rt'),
      openid: entry.user.openid,
      scope: 'snsapi_userinfo',
      ...(entry.user.unionid ? { unionid: entry.user.unionid } : {}),
    };
  }

  private userinfo(q: Record<string, string>): Json {
    const user = q.access_token ? this.userTokens.get(q.access_token) : undefined;
    if (user === undefined) {
      return err(40001, 'invalid credential, access_token is invalid or not latest');
    }
    if (q.openid !== user.openid) {
      return err(40003, 'invalid openid');
    }
    return {
      openid: user.openid,
      nickname: user.nickname ?? '',
      sex: user.sex ?? 0,
      province: user.province ?? '',
      city: user.city ?? '',
      country: user.country ?? '',
      headimgurl: user.headimgurl ?? '',
      privilege: [],
      ...(user.unionid ? { unionid: user.unionid } : {}),
    };
  }

  private appToken(grantType: string | undefined, appid: string | undefined, secret: string | undefined): Json {
    if (grantType !== 'client_credential') {
      return err(40002, 'invalid grant_type');
    }
    if (appid !== this.appId) {
      return err(40013, 'invalid appid');
    }
    if (secret !== this.appSecret) {
      return err(40001, 'invalid credential, access_token is invalid or not latest');
    }
    const accessToken = token('at');
    this.appTokens.add(accessToken);
    return { access_token: accessToken, expires_in: this.tokenExpiresIn };
  }

  private templateSend(q: Record<string, string>, body: Partial<FakeTemplateMessage>): Json {
    if (!q.access_token || !this.appTokens.has(q.access_token)) {
      return err(40001, 'invalid credential, access_token is invalid or not latest');
    }
    if (!body.touser) {
      return err(40003, 'invalid openid');
    }
    if (!body.template_id || !this.templateIds.has(body.template_id)) {
      return err(40037, 'invalid template_id');
    }
    if (this.unsubscribed.has(body.touser)) {
      return err(43004, 'require subscribe');
    }
    for (const [key, field] of Object.entries(body.data ?? {})) {
      const type = key.replace(/\d+$/, '');
      const limit = KEYWORD_LIMITS[type];
      if (
        limit === undefined ||
        typeof field?.value !== 'string' ||
        field.value === '' ||
        Array.from(field.value).length > limit
      ) {
        return err(47003, `argument invalid! data.${key}.value invalid`);
      }
    }
    const earlier = body.client_msg_id
      ? this.templateMessages.find((m) => m.touser === body.touser && m.client_msg_id === body.client_msg_id)
      : undefined;
    if (earlier) {
      return { errcode: 0, errmsg: 'ok', msgid: earlier.msgid };
    }
    const msgid = 200_000_000 + this.templateMessages.length;
    this.templateMessages.push({ ...(body as FakeTemplateMessage), msgid });
    return { errcode: 0, errmsg: 'ok', msgid };
  }

  private ticket(q: Record<string, string>): Json {
    if (!q.access_token || !this.appTokens.has(q.access_token)) {
      return err(40001, 'invalid credential, access_token is invalid or not latest');
    }
    if (q.type !== 'jsapi') {
      return err(40097, 'invalid args');
    }
    const ticket = token('ticket');
    this.ticketsIssued.push(ticket);
    return { errcode: 0, errmsg: 'ok', ticket, expires_in: this.ticketExpiresIn };
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
