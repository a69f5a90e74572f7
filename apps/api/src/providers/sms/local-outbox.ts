import { assertSendable, type SmsSender } from './sms';

export interface OutboxMessage {
  phone: string;
  code: string;
  /** The SMS exactly as the user would read it on the phone. */
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
    this.#messages.push({
      phone,
      code,
      text: `【${this.#signName}】您的验证码为${code}，${this.#validMinutes}分钟内有效，请勿泄露给他人。`,
      sentAt: this.#now(),
    });
    if (this.#messages.filter((m) => m.phone === phone).length > this.#perPhone) {
      this.#messages.splice(
        this.#messages.findIndex((m) => m.phone === phone),
        1,
      );
    }
    if (this.#messages.length > this.#total) {
      this.#messages.shift();
    }
  }

  /** The messages sent to one phone, newest first (copies, so callers cannot edit the outbox). */
  list(phone: string): OutboxMessage[] {
    return this.#messages
      .filter((m) => m.phone === phone)
      .reverse()
      .map((m) => ({ ...m, sentAt: new Date(m.sentAt) }));
  }
}
