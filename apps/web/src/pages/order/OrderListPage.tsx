import { ORDER_PAGE_SIZE, ORDER_SCREEN_TEXTS, refundRequestLabel } from '@glucoguard/domain';
import { InfiniteList } from '@glucoguard/ui';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { CountdownLine, OrderGoods, OrderHead, type Order } from './OrderCard';
import { orderDetailPath } from './orderPaths';
import { useAutoCancelCountdown } from './useAutoCancelCountdown';
import styles from './Order.module.css';

/** Reloads caused by countdowns reaching zero, at most, so a stuck order cannot reload forever. */
const MAX_ZERO_RELOADS = 5;

/**
 * /order/orderList 我的订单 (spec 3 §2.7, §4): the customer's orders, newest first, in pages of 4,
 * each with its masked number, status and payment labels, goods and cost, and the refund request's
 * state (退款申请中 / 退款申请未通过) as the detail shows it; an order waiting for
 * payment counts down to its autoCancelTime and the list reloads at zero (the server's job cancels
 * it). A tap opens the detail.
 */
export default function OrderListPage() {
  useDocumentTitle('我的订单');
  const [resetKey, setResetKey] = useState(0);
  const zeroReloads = useRef(0);
  const reloadAtZero = useCallback(() => {
    if (zeroReloads.current < MAX_ZERO_RELOADS) {
      zeroReloads.current += 1;
      setResetKey((key) => key + 1);
    }
  }, []);
  const loadPage = useCallback(
    (pageNo: number) => api().GET('/order/v1/list', { params: { query: { pageNo, pageSize: ORDER_PAGE_SIZE } } }),
    [],
  );
  return (
    <div className={styles.page}>
      <div className={styles.list}>
        <InfiniteList<Order>
          aria-label="我的订单"
          loadPage={loadPage}
          resetKey={resetKey}
          itemKey={(order) => order.orderId}
          emptyText={ORDER_SCREEN_TEXTS.empty}
          finishedText="没有更多订单了"
          renderItem={(order) => <OrderListCard order={order} onZero={reloadAtZero} />}
        />
      </div>
    </div>
  );
}

function OrderListCard({ order, onZero }: { order: Order; onZero: () => void }) {
  const remaining = useAutoCancelCountdown(order, onZero);
  const requestLabel = refundRequestLabel(order);
  return (
    <Link
      to={orderDetailPath(order.orderId)}
      className={styles.card}
      aria-label={`订单 ${order.goodsName}`}
      data-order-id={order.orderId}
    >
      <OrderHead order={order} />
      <OrderGoods order={order} />
      {requestLabel ? (
        <p className={styles.refundRequest} aria-label="退款申请">
          <strong>{requestLabel}</strong>
        </p>
      ) : null}
      <div className={styles.cardFoot}>
        <span className={styles.muted}>{order.createTime}</span>
        <CountdownLine remaining={remaining} />
      </div>
    </Link>
  );
}
