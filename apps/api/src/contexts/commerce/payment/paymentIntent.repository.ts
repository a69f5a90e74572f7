import type { EntityManager } from '@mikro-orm/core';
import type { PaymentState } from '@glucoguard/domain';
import { PaymentIntent } from './paymentIntent.entity';

export type PaymentIntentRow = PaymentIntent;
export type NewPaymentIntent = Pick<
  PaymentIntent,
  'id' | 'customerId' | 'subjectKind' | 'subjectId' | 'description' | 'amountCents' | 'provider' | 'outTradeNo'
>;

/** What a state change also writes. */
export type IntentChanges = Partial<
  Pick<PaymentIntent, 'transactionId' | 'outRefundNo' | 'refundCents' | 'refundReason' | 'paidAt' | 'refundedAt'>
>;

/** Storage of payment intents. */
export class PaymentIntentRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(intent: NewPaymentIntent, now: Date): Promise<PaymentIntentRow> {
    const row = this.em.create(PaymentIntent, {
      ...intent,
      state: 'created',
      createdAt: now,
      updatedAt: now,
      transactionId: null,
      outRefundNo: null,
      refundCents: null,
      refundReason: null,
      paidAt: null,
      refundedAt: null,
    });
    await this.em.flush();
    return row;
  }

  byId(id: string): Promise<PaymentIntentRow | null> {
    return this.em.findOne(PaymentIntent, { id }, { disableIdentityMap: true });
  }

  byOutTradeNo(outTradeNo: string): Promise<PaymentIntentRow | null> {
    return this.em.findOne(PaymentIntent, { outTradeNo }, { disableIdentityMap: true });
  }

  /** The live intent for a subject (not closed), if any: one subject is paid by one intent at a time. */
  liveForSubject(subjectKind: string, subjectId: string): Promise<PaymentIntentRow | null> {
    return this.em.findOne(
      PaymentIntent,
      { subjectKind, subjectId, state: { $ne: 'closed' } },
      { disableIdentityMap: true, orderBy: { createdAt: 'desc' } },
    );
  }

  /**
   * Moves an intent from `from` to `to` only if it is still in `from`: the one place a state
   * changes. Returns whether this call made the change (false: someone else changed it first).
   */
  async move(
    id: string,
    from: PaymentState,
    to: PaymentState,
    now: Date,
    changes: IntentChanges = {},
  ): Promise<boolean> {
    const count = await this.em.nativeUpdate(
      PaymentIntent,
      { id, state: from },
      { ...changes, state: to, updatedAt: now },
    );
    return count === 1;
  }

  /** Intents still created before `before`, oldest first (reconciliation). */
  pendingBefore(before: Date, limit: number): Promise<PaymentIntentRow[]> {
    return this.em.find(
      PaymentIntent,
      { state: 'created', createdAt: { $lt: before } },
      { orderBy: { createdAt: 'asc' }, limit, disableIdentityMap: true },
    );
  }
}
