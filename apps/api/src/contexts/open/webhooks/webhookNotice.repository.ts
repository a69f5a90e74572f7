import type { EntityManager } from '@mikro-orm/core';
import { WebhookSubscription } from './webhook.entity';

/** Where a switched-off subscription's notice SMS stands (docs/adr/0224). */
export type NoticeSmsStatus = 'sending' | 'sent' | 'no_phone' | 'failed';

/** The notice SMS's state on the subscription: each step is one conditional UPDATE, so it goes out once. */
export class WebhookNoticeRepository {
  constructor(private readonly em: EntityManager) {}

  /** A new switch-off: its SMS has not run yet (clears an earlier switch-off's outcome). */
  async resetSms(subscriptionId: string): Promise<void> {
    await this.em.nativeUpdate(
      WebhookSubscription,
      { id: subscriptionId },
      { noticeSmsStatus: null, noticeSmsAt: null, noticeSmsError: null },
    );
  }

  /** The subscription as the switch-off at `disabledAt` left it, or null if it is gone, back on, or switched off since. */
  async switchedOff(subscriptionId: string, disabledAt: Date): Promise<WebhookSubscription | null> {
    const row = await this.em.findOne(WebhookSubscription, { id: subscriptionId }, { disableIdentityMap: true });
    return row &&
      !row.enabled &&
      row.disabledReason === 'failures' &&
      row.disabledAt?.getTime() === disabledAt.getTime()
      ? row
      : null;
  }

  /**
   * Moves the SMS from `from` to `to` if it still stands at `from` for this switch-off; false when
   * another run got there first.
   */
  async move(
    subscriptionId: string,
    disabledAt: Date,
    from: NoticeSmsStatus | null,
    to: NoticeSmsStatus | null,
    at: Date | null,
    error: string | null = null,
  ): Promise<boolean> {
    const changed = await this.em.nativeUpdate(
      WebhookSubscription,
      { id: subscriptionId, disabledAt, noticeSmsStatus: from },
      { noticeSmsStatus: to, noticeSmsAt: at, noticeSmsError: error },
    );
    return changed === 1;
  }
}
