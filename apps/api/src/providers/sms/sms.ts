/**
 * A service notice to one phone, sent with the approved notice template (its variables `app` and
 * `reason`): today only the one a client's contact gets when a webhook subscription is switched off.
 */
export interface SmsNotice {
  /** The application's name, as the template's `app`. */
  app: string;
  /** What happened, briefly, as the template's `reason` (e.g. 连续20次推送失败). */
  reason: string;
}

/** Something that delivers a verification code, or a service notice, to a phone by SMS. */
export interface SmsSender {
  readonly name: 'local' | 'aliyun';
  /** Sends a verification code; resolves when the provider accepted it, rejects with SmsError otherwise. */
  sendCode(phone: string, code: string): Promise<void>;
  /** Sends a service notice with the notice template; resolves when the provider accepted it, rejects with SmsError otherwise. */
  sendNotice(phone: string, notice: SmsNotice): Promise<void>;
}

/**
 * A refusal or failure to send. `providerCode` is the provider's own code (e.g. `isv.BUSINESS_LIMIT_CONTROL`)
 * or one of ours in capitals (`NETWORK`, `INVALID_ARGUMENT`, `HTTP_502`), so callers and logs can tell
 * them apart; `retryable` says whether trying again soon could succeed.
 */
export class SmsError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsError';
  }
}

// Digits with an optional leading +: anything else (commas above all) could turn one send into a
// bulk send, since providers accept comma-separated recipient lists.
const PHONE = /^\+?\d{6,20}$/;
const CODE = /^\d{4,8}$/;

function assertPhone(phone: string): void {
  if (!PHONE.test(phone)) {
    throw new SmsError('INVALID_ARGUMENT', 'The phone number must be digits with an optional leading +.', false);
  }
}

/** Refuses a phone number or code no provider should ever see; both senders share this rule. */
export function assertSendable(phone: string, code: string): void {
  assertPhone(phone);
  if (!CODE.test(code)) {
    throw new SmsError('INVALID_ARGUMENT', 'The verification code must be 4 to 8 digits.', false);
  }
}

/** Aliyun's limit for a template variable of free content (自定义内容): 35 characters. */
export const SMS_NOTICE_PARAM_MAX = 35;
// Control characters would break the message; a link in a variable is refused by the provider's
// review (links belong in the approved template text, never in a variable).
const NOTICE_PARAM_REFUSED = /[\p{Cc}]|https?:|www\./iu;

/**
 * Refuses a notice no provider should ever see: one phone (no list), and each template variable
 * 1 to 35 characters without control characters or links. Both senders share this rule.
 */
export function assertNoticeSendable(phone: string, notice: SmsNotice): void {
  assertPhone(phone);
  for (const [name, value] of Object.entries({ app: notice.app, reason: notice.reason })) {
    if (typeof value !== 'string' || value.length === 0 || [...value].length > SMS_NOTICE_PARAM_MAX) {
      throw new SmsError(
        'INVALID_ARGUMENT',
        `The notice's ${name} must be 1 to ${SMS_NOTICE_PARAM_MAX} characters.`,
        false,
      );
    }
    if (NOTICE_PARAM_REFUSED.test(value)) {
      throw new SmsError('INVALID_ARGUMENT', `The notice's ${name} must not hold control characters or links.`, false);
    }
  }
}

/** Cuts a text to what a notice variable may hold (by characters, not UTF-16 units), marking the cut with …. */
export function noticeParam(text: string): string {
  const chars = [...text.replace(/[\p{Cc}]/gu, ' ').trim()];
  return chars.length <= SMS_NOTICE_PARAM_MAX
    ? chars.join('')
    : `${chars.slice(0, SMS_NOTICE_PARAM_MAX - 1).join('')}…`;
}
