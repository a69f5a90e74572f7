import { EventBus } from '../../health';

/** A coupon was issued to some customers (published inside the transaction, one event per holder). */
export interface CouponIssued {
  type: 'CouponIssued';
  customerId: string;
  couponName: string;
  /** Cents off. */
  couponValue: number;
  endAt: Date;
  at: Date;
}

export interface CouponEvents {
  CouponIssued: CouponIssued;
}

/** The coupons' bus: issuing publishes, whoever tells the holders subscribes (composition.ts). */
export const couponEvents = new EventBus<CouponEvents>();
