import type { ReadingPushFields } from '@glucoguard/domain';

/** One notice to deliver through the messaging app. */
export interface PushMessage {
  /** Our notice id: sent as the provider's de-duplication key, so a resend after a time-out is not shown twice. */
  noticeId: string;
  /** The recipient's messaging-app openid. */
  openid: string;
  title: string;
  text: string;
  urgent: boolean;
  /** The reading as the template shows it. */
  fields: ReadingPushFields;
  /** The app page the message opens, e.g. `/notice/noticeList`. */
  path: string;
}

/** Why a push failed: `retryable` failures are tried again later, `permanent` ones never. */
export class PushError extends Error {
  constructor(
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'PushError';
  }
}

/** Delivers notices outside the app (the messaging app's template messages, or a local outbox). */
export interface NoticePusher {
  readonly name: 'local' | 'wechat';
  /** Whether a customer signed in with this openid can be reached at all (local sign-ins cannot get template messages). */
  canReach(openid: string): boolean;
  /** Sends one message; rejects with PushError. */
  send(message: PushMessage): Promise<void>;
}
