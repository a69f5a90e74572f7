// Tencent Cloud IM (即时通信 IM) for the `tencent` chat provider (ADR 0124): UserSig through Tencent's
// own generator (tls-sig-api-v2: HMAC-SHA256 over the TLS fields, deflated and base64-escaped) and
// the server REST API: POST https://console.tim.qq.com/v4/<service>/<command>?sdkappid=…&identifier=
// <App admin>&usersig=<the admin's UserSig>&random=<uint32>&contenttype=json with a JSON body; the
// answer is HTTP 200 with ActionStatus OK|FAIL, ErrorCode (0 is success) and ErrorInfo.
import { randomInt } from 'node:crypto';
import { Api } from 'tls-sig-api-v2';

/** China's REST API host; other regions have their own (adminapisgp.im.qcloud.com, …). */
export const TENCENT_IM_DEFAULT_BASE = 'https://console.tim.qq.com';
/** How long a patient's or doctor's UserSig lives (Tencent advises at least a day; the SDK reports expiry). */
export const TENCENT_USER_SIG_TTL_SECONDS = 24 * 3600;
/** The admin's UserSig for REST calls: made once a day, renewed an hour before it expires. */
const ADMIN_SIG_TTL_SECONDS = 24 * 3600;
const ADMIN_SIG_RENEW_SECONDS = 3600;

export const TENCENT_IM_PATHS = {
  accountImport: 'v4/im_open_login_svc/account_import',
  sendMessage: 'v4/openim/sendmsg',
} as const;

/** A refusal by Tencent Cloud IM (ErrorCode ≠ 0), or an answer that is not its JSON. */
export class TencentImError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    readonly info: string,
  ) {
    super(`Tencent Cloud IM ${path} failed: ${code} ${info}`);
    this.name = 'TencentImError';
  }
}

export interface TencentImConfig {
  /** The application's SDKAppID. */
  sdkAppId: number;
  /** The application's secret key (密钥), which signs every UserSig. */
  secretKey: string;
  /** The App admin account the server calls the REST API as (administrator in the IM console). */
  adminIdentifier: string;
  /** Scheme and host of the REST API (a local fake in tests). */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A custom message (TIMCustomElem) sent as `from` to `to` by the REST API. */
export interface TencentCustomMessage {
  from: string;
  to: string;
  /** TIMCustomElem.Data: what the receiving client reads. */
  data: string;
  /** TIMCustomElem.Desc: the offline push text. */
  desc: string;
  /** TIMCustomElem.Ext. */
  ext?: string;
  /** MsgRandom (uint32). */
  random: number;
  /** SyncOtherMachine: also to the sender's other devices and its roaming history (1), or not (2). */
  syncToSender: boolean;
}

export class TencentIm {
  readonly sdkAppId: number;
  readonly #api: Api;
  readonly #admin: string;
  readonly #base: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  #adminSig: { sig: string; renewAt: number } | null = null;

  constructor(config: TencentImConfig) {
    this.sdkAppId = config.sdkAppId;
    this.#api = new Api(config.sdkAppId, config.secretKey);
    this.#admin = config.adminIdentifier;
    this.#base = config.baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = config.timeoutMs ?? 5000;
    this.#fetch = config.fetch ?? fetch;
  }

  /** A UserSig for `userId` and when it expires (ms; Tencent judges it by the real clock). */
  userSig(userId: string, ttlSeconds = TENCENT_USER_SIG_TTL_SECONDS): { sig: string; expireTime: number } {
    const issued = Math.floor(Date.now() / 1000);
    return { sig: this.#api.genUserSig(userId, ttlSeconds), expireTime: (issued + ttlSeconds) * 1000 };
  }

  /** Imports one account (idempotent on Tencent's side: a repeat creates nothing new). */
  async importAccount(userId: string, nick?: string): Promise<void> {
    await this.call(TENCENT_IM_PATHS.accountImport, { UserID: userId, ...(nick ? { Nick: nick } : {}) });
  }

  /** Sends one custom message between two accounts (the single-chat sendmsg). */
  async sendCustomMessage(message: TencentCustomMessage): Promise<{ msgKey: string; msgTime: number }> {
    const answer = await this.call(TENCENT_IM_PATHS.sendMessage, {
      SyncOtherMachine: message.syncToSender ? 1 : 2,
      From_Account: message.from,
      To_Account: message.to,
      MsgRandom: message.random,
      MsgBody: [
        {
          MsgType: 'TIMCustomElem',
          MsgContent: { Data: message.data, Desc: message.desc, Ext: message.ext ?? '' },
        },
      ],
    });
    return {
      msgKey: typeof answer.MsgKey === 'string' ? answer.MsgKey : '',
      msgTime: typeof answer.MsgTime === 'number' ? answer.MsgTime : 0,
    };
  }

  /** One REST call as the App admin; throws TencentImError unless ErrorCode is 0. */
  async call(path: string, body: object): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({
      sdkappid: String(this.sdkAppId),
      identifier: this.#admin,
      usersig: this.#adminUserSig(),
      random: String(randomInt(0, 2 ** 32)),
      contenttype: 'json',
    });
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}/${path}?${query.toString()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new TencentImError(path, -1, `request failed: ${(error as Error).message}`);
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new TencentImError(path, -1, `HTTP ${response.status}, not JSON`);
    }
    if (typeof answer !== 'object' || answer === null) {
      throw new TencentImError(path, -1, `HTTP ${response.status}, not an object`);
    }
    const { ErrorCode, ErrorInfo, ActionStatus } = answer as Record<string, unknown>;
    if (ErrorCode !== 0 || ActionStatus !== 'OK') {
      throw new TencentImError(
        path,
        typeof ErrorCode === 'number' ? ErrorCode : -1,
        typeof ErrorInfo === 'string' ? ErrorInfo : '',
      );
    }
    return answer as Record<string, unknown>;
  }

  #adminUserSig(): string {
    const now = Date.now();
    if (!this.#adminSig || now >= this.#adminSig.renewAt) {
      this.#adminSig = {
        sig: this.#api.genUserSig(this.#admin, ADMIN_SIG_TTL_SECONDS),
        renewAt: now + (ADMIN_SIG_TTL_SECONDS - ADMIN_SIG_RENEW_SECONDS) * 1000,
      };
    }
    return this.#adminSig.sig;
  }
}
