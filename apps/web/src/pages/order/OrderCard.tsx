import {
  TRUNCATE,
  formatCountdown,
  maskOrderCode,
  orderCostText,
  orderStatusLabel,
  paymentLabel,
  ORDER_SCREEN_TEXTS,
  truncate,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { imageUrl, useSession } from '../../store/session';
import styles from './Order.module.css';

export type Order = Schema<'Order'>;

/** The order's goods icon as an address, or null. */
export function useOrderIcon(order: Pick<Order, 'iconUrl'>): string | null {
  const imgDomain = useSession((state) => state.imgDomain);
  return imageUrl(order.iconUrl || undefined, imgDomain);
}

/** The countdown line of an order waiting for payment. */
export function CountdownLine({ remaining }: { remaining: number | null }) {
  if (remaining === null) {
    return null;
  }
  return (
    <p className={styles.countdown} role="timer" aria-label={ORDER_SCREEN_TEXTS.countdownPrefix}>
      {ORDER_SCREEN_TEXTS.countdownPrefix} <strong>{formatCountdown(remaining)}</strong>
    </p>
  );
}

/**
 * The goods row of an order (spec 3 §3): icon, name (36 characters), remark (20), quantity and
 * what it cost by salesMode.
 */
export function OrderGoods({ order }: { order: Order }) {
  const icon = useOrderIcon(order);
  return (
    <div className={styles.goods}>
      {icon ? (
        <img className={styles.icon} src={icon} alt="" loading="lazy" />
      ) : (
        <span className={styles.icon} aria-hidden="true" />
      )}
      <div className={styles.goodsBody}>
        <span className={styles.goodsName}>{truncate(order.goodsName, TRUNCATE.goodsName)}</span>
        {order.remark ? <span className={styles.remark}>{truncate(order.remark, TRUNCATE.goodsRemark)}</span> : null}
        <span className={styles.costRow}>
          <span className={styles.cost} aria-label="实付">
            {orderCostText(order)}
          </span>
          <span className={styles.quantity}>×{order.number}</span>
        </span>
      </div>
    </div>
  );
}

/** The head of an order: its masked number and its labels (spec 3 §4: the status and the payment). */
export function OrderHead({ order }: { order: Order }) {
  const status = orderStatusLabel(order);
  const payment = paymentLabel(order);
  return (
    <div className={styles.head}>
      <span className={styles.code}>订单号 {maskOrderCode(order.orderCode)}</span>
      <span className={styles.labels}>
        {payment && payment !== status ? (
          <span className={styles.payment} aria-label="支付状态">
            {payment}
          </span>
        ) : null}
        <span className={styles.status} aria-label="订单状态">
          {status}
        </span>
      </span>
    </div>
  );
}
