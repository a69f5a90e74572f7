/** Something that delivers a verification code to a phone by SMS. */
export interface SmsSender {
  readonly name: 'local' | 'aliyun';
  /** Sends a verification code; resolves when the provider accepted it, rejects with SmsError otherwise. */
  sendCode(phone: string, code: string): Promise<void>;
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

/** Refuses a phone number or code no provider should ever see; both senders share this rule. */
export function assertSendable(phone: string, code: string): void {
  if (!PHONE.test(phone)) {
    throw new SmsError('INVALID_ARGUMENT', 'The phone number must be digits with an optional leading +.', false);
  }
  if (!CODE.test(code)) {
    throw new SmsError('INVALID_ARGUMENT', 'The verification code must be 4 to 8 digits.', false);
  }
}
