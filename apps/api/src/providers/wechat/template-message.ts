import type { ReadingPushFields } from '@glucoguard/domain';
import { PushError, type NoticePusher, type PushMessage } from '../push/push';
import {
  callWechat,
  DEFAULT_API_BASE,
  DEFAULT_TIMEOUT_MS,
  requireSeconds,
  requireString,
  WechatApiError,
  type FetchLike,
  type WechatHttpOptions,
} from './wechat-http';

/**
 * The template's keyword names for the five reading fields, in order: person, item, value,
 * result, time. They depend on the template chosen in the account's template library; these are
 * the usual types (thing ≤ 20 characters, character_string ≤ 32, phrase ≤ 5, time).
 */
export const DEFAULT_READING_TEMPLATE_KEYS = ['thing1', 'thing2', 'character_string3', 'phrase4', 'time5'] as const;

export interface WechatTemplateConfig {
  appId: string;
  appSecret: string;
  /** The reading template's id in the official account. */
  templateId: string;
  keys?: readonly string[];
  /** The app's public origin; messages then open the notice page. Without it they open nothing. */
  linkBase?: string;
  apiBase?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  now?: () => number;
}

// "This access token is no good": fetch a new one and try once more.
const STALE_TOKEN = new Set([40001, 40014, 42001]);
// System busy and the per-minute quota: worth another try later. Everything else (the user
// unfollowed the account, a bad openid or template) will fail the same way again.
const TRANSIENT = new Set([-1, 45009, 45047]);
const FIELD_ORDER: (keyof ReadingPushFields)[] = ['name', 'item', 'value', 'result', 'time'];

/**
 * Sends reading notices as the official account's template messages
 * (POST /cgi-bin/message/template/send). The access token comes from /cgi-bin/stable_token, which
 * does not invalidate a token another instance holds, and is cached until shortly before expiry.
 */
export class WechatTemplatePusher implements NoticePusher {
  readonly name = 'wechat' as const;
  private readonly http: WechatHttpOptions;
  private readonly now: () => number;
  private readonly keys: readonly string[];
  private token: { value: string; refreshAt: number } | null = null;
  private refreshing: Promise<string> | null = null;

  constructor(private readonly config: WechatTemplateConfig) {
    if (!config.appId || !config.appSecret || !config.templateId) {
      throw new Error('WechatTemplatePusher needs an appId, an appSecret and a templateId.');
    }
    this.keys = config.keys ?? DEFAULT_READING_TEMPLATE_KEYS;
    if (this.keys.length !== FIELD_ORDER.length) {
      throw new Error(`WechatTemplatePusher needs ${FIELD_ORDER.length} template keys.`);
    }
    this.http = {
      apiBase: config.apiBase ?? DEFAULT_API_BASE,
      fetch: config.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
    this.now = config.now ?? Date.now;
  }

  /** Local sign-ins have no messaging-app openid. */
  canReach(openid: string): boolean {
    return openid !== '' && !openid.startsWith('local_');
  }

  async send(message: PushMessage): Promise<void> {
    const body = {
      touser: message.openid,
      template_id: this.config.templateId,
      ...(this.config.linkBase && { url: new URL(message.path, this.config.linkBase).toString() }),
      client_msg_id: `notice-${message.noticeId}`,
      data: Object.fromEntries(
        FIELD_ORDER.map((field, i): [string, { value: string }] => [
          this.keys[i] ?? field,
          { value: message.fields[field] },
        ]),
      ),
    };
    try {
      await this.post(body);
    } catch (error) {
      if (error instanceof WechatApiError) {
        const retryable =
          error.reason === 'network' ||
          (error.errcode !== null && (TRANSIENT.has(error.errcode) || STALE_TOKEN.has(error.errcode)));
        throw new PushError(retryable, error.message);
      }
      throw error;
    }
  }

  private async post(body: Record<string, unknown>): Promise<void> {
    const token = await this.accessToken();
    try {
      await callWechat(this.http, '/cgi-bin/message/template/send', { query: { access_token: token }, json: body });
    } catch (error) {
      if (!(error instanceof WechatApiError) || error.errcode === null || !STALE_TOKEN.has(error.errcode)) {
        throw error;
      }
      if (this.token?.value === token) {
        this.token = null;
      }
      await callWechat(this.http, '/cgi-bin/message/template/send', {
        query: { access_token: await this.accessToken() },
        json: body,
      });
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) {
      return this.token.value;
    }
    this.refreshing ??= this.fetchToken().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async fetchToken(): Promise<string> {
    const path = '/cgi-bin/stable_token';
    const answer = await callWechat(this.http, path, {
      json: { grant_type: 'client_credential', appid: this.config.appId, secret: this.config.appSecret },
    });
    const value = requireString(answer, 'access_token', path);
    const lifetimeMs = requireSeconds(answer, 'expires_in', path) * 1000;
    // Refresh five minutes early, but never spend more than half a short lifetime on the margin.
    this.token = { value, refreshAt: this.now() + lifetimeMs - Math.min(5 * 60 * 1000, lifetimeMs / 2) };
    return value;
  }
}
