import { assertNoticeSendable, assertSendable, type SmsNotice, type SmsSender } from './sms';

export interface OutboxMessage {
  phone: string;
  code: string;
  /** The SMS exactly as the user would read it on the phone. */
  text: string;
  sentAt: Date;
}

/** A service notice in the outbox (kept apart from the codes, which the development endpoint answers). */
export interface OutboxNotice {
  phone: string;
  /** The notice template's variables as sent. */
  notice: SmsNotice;
  /** The SMS exactly as the contact would read it on the phone. */
  text: string;
  sentAt: Date;
}

export interface LocalSmsOutboxOptions {
  /** The bracketed signature an SMS in China starts with. */
  signName?: string;
  /** Stated in the text; must match how long the caller keeps the code valid. */
  validMinutes?: number;
  /** Messages kept per phone (oldest dropped first). */
  perPhone?: number;
  /** Messages kept in all, so a long-running dev server cannot grow without bound. */
  total?: number;
  now?: () => Date;
}

/**
 * The embedded default: nothing leaves the machine, the message lands in memory where the
 * development outbox endpoint (and end-to-end tests) can read it back.
 */
export class LocalSmsOutbox implements SmsSender {
  readonly name = 'local' as const;
  readonly #signName: string;
  readonly #validMinutes: number;
  readonly #perPhone: number;
  readonly #total: number;
  readonly #now: () => Date;
  /** Oldest first; one array keeps the overall eviction order simple. */
  readonly #messages: OutboxMessage[] = [];
  readonly #notices: OutboxNotice[] = [];

  constructor(options: LocalSmsOutboxOptions = {}) {
    this.#signName = options.signName ?? '糖护';
    this.#validMinutes = options.validMinutes ?? 5;
    this.#perPhone = options.perPhone ?? 50;
    this.#total = options.total ?? 1000;
    this.#now = options.now ?? (() => new Date());
    if (!(this.#perPhone >= 1 && this.#total >= 1)) {
      throw new RangeError('LocalSmsOutbox limits must be at least 1.');
    }
  }

  async sendCode(phone: string, code: string): Promise<void> {
    assertSendable(phone, code);
    this.#keep(this.#messages, {
      phone,
      code,
      text: `【${this.#signName}】您的验证码为${code}，${this.#validMinutes}分钟内有效，请勿泄露给他人。`,
      sentAt: this.#now(),
    });
  }

  /** Renders the notice as the approved notice template reads (docs/adr/0224), `app` and `reason` filled in. */
  async sendNotice(phone: string, notice: SmsNotice): Promise<void> {
    assertNoticeSendable(phone, notice);
    this.#keep(this.#notices, {
      phone,
      notice: { app: notice.app, reason: notice.reason },
      text: `【${this.#signName}】您的应用「${notice.app}」的推送订阅因${notice.reason}已暂停推送，请修复接收服务后在推送订阅中重新启用，并通过变更订阅接口补取期间的数据。`,
      sentAt: this.#now(),
    });
  }

  /** Appends, dropping the phone's oldest past the per-phone limit and the oldest past the total. */
  #keep<T extends { phone: string }>(list: T[], message: T): void {
    list.push(message);
    if (list.filter((m) => m.phone === message.phone).length > this.#perPhone) {
      list.splice(
        list.findIndex((m) => m.phone === message.phone),
        1,
      );
    }
    if (list.length > this.#total) {
      list.shift();
    }
  }

  /** The messages sent to one phone, newest first (copies, so callers cannot edit the outbox). */
  list(phone: string): OutboxMessage[] {
    return this.#messages
      .filter((m) => m.phone === phone)
      .reverse()
      .map((m) => ({ ...m, sentAt: new Date(m.sentAt) }));
  }

  /** The notices sent to one phone, newest first (copies). */
  notices(phone: string): OutboxNotice[] {
    return this.#notices
      .filter((m) => m.phone === phone)
      .reverse()
      .map((m) => ({ ...m, notice: { ...m.notice }, sentAt: new Date(m.sentAt) }));
  }
}
