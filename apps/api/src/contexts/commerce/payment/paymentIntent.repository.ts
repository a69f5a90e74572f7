import type { EntityManager } from '@mikro-orm/core';
import type { PaymentState, RefundState } from '@glucoguard/domain';
import { PaymentIntent } from './paymentIntent.entity';
import { PaymentRefund } from './paymentRefund.entity';

export type PaymentIntentRow = PaymentIntent;
export type NewPaymentIntent = Pick<
  PaymentIntent,
  | 'id'
  | 'customerId'
  | 'subjectKind'
  | 'subjectId'
  | 'description'
  | 'amountCents'
  | 'provider'
  | 'outTradeNo'
  | 'expiresAt'
>;

/** What a state change also writes. */
export type IntentChanges = Partial<Pick<PaymentIntent, 'transactionId' | 'paidAt'>>;

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
      paidAt: null,
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

  /** Intents still created whose time to pay ran out before `before` (the close job's safety net). */
  expiredBefore(before: Date, limit: number): Promise<PaymentIntentRow[]> {
    return this.em.find(
      PaymentIntent,
      { state: 'created', expiresAt: { $lt: before } },
      { orderBy: { expiresAt: 'asc' }, limit, disableIdentityMap: true },
    );
  }
}

export type PaymentRefundRow = PaymentRefund;
export type NewPaymentRefund = Pick<
  PaymentRefund,
  'id' | 'intentId' | 'outRefundNo' | 'amountCents' | 'reason' | 'requestedBy' | 'requestKey'
>;

/** Storage of refunds. */
export class PaymentRefundRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(refund: NewPaymentRefund, now: Date): Promise<PaymentRefundRow> {
    const row = this.em.create(PaymentRefund, {
      ...refund,
      state: 'processing',
      failure: null,
      createdAt: now,
      updatedAt: now,
      succeededAt: null,
    });
    await this.em.flush();
    return row;
  }

  byOutRefundNo(outRefundNo: string): Promise<PaymentRefundRow | null> {
    return this.em.findOne(PaymentRefund, { outRefundNo }, { disableIdentityMap: true });
  }

  byRequestKey(intentId: string, requestKey: string): Promise<PaymentRefundRow | null> {
    return this.em.findOne(PaymentRefund, { intentId, requestKey }, { disableIdentityMap: true });
  }

  /** An intent's refunds, oldest first. */
  ofIntent(intentId: string): Promise<PaymentRefundRow[]> {
    return this.em.find(PaymentRefund, { intentId }, { orderBy: { createdAt: 'asc' }, disableIdentityMap: true });
  }

  /** Moves a refund from `from` to `to` only if it is still in `from` (as PaymentIntentRepository.move). */
  async move(
    id: string,
    from: RefundState,
    to: RefundState,
    now: Date,
    changes: Partial<Pick<PaymentRefund, 'failure' | 'succeededAt'>> = {},
  ): Promise<boolean> {
    const count = await this.em.nativeUpdate(
      PaymentRefund,
      { id, state: from },
      { ...changes, state: to, updatedAt: now },
    );
    return count === 1;
  }

  /** Refunds still processing since before `before`, oldest first (reconciliation). */
  processingBefore(before: Date, limit: number): Promise<PaymentRefundRow[]> {
    return this.em.find(
      PaymentRefund,
      { state: 'processing', createdAt: { $lt: before } },
      { orderBy: { createdAt: 'asc' }, limit, disableIdentityMap: true },
    );
  }
}
