import {
  MALL_MESSAGES,
  ORDER_REFUND_MESSAGES,
  ORDER_SCREEN_TEXTS,
  PAY_STATUS,
  PAY_TYPE,
  RECEIVE_TYPE_API,
  REFUND_REQUEST,
  canCancelOrder,
  canPayOrder,
  canRequestRefundAgain,
  canTrackOrder,
  centsToYuan,
  customerRefundMode,
  maskOrderCode,
  receiveTypeText,
  orderRefundParts,
  refundContentText,
  refundRequestLabel,
} from '@glucoguard/domain';
import { isApiError, type Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, Dialog } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { usePayIntent } from '../../components/payment/PaymentSheet';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { CountdownLine, OrderGoods, OrderHead } from './OrderCard';
import { logisticsPath } from './orderPaths';
import { RefundRequestDialog } from './RefundRequestDialog';
import { useAutoCancelCountdown } from './useAutoCancelCountdown';
import styles from './Order.module.css';

type OrderDetail = Schema<'OrderDetail'>;

/** The payStatus values of a refund asked for: refunded, failed, under way. */
const REFUND_STATES: readonly number[] = [PAY_STATUS.refunded, PAY_STATUS.refundFailed, PAY_STATUS.refunding];

/** A 40400 answer (the order does not exist or is not the caller's) ends on 订单不存在. */
const missing = (error: unknown) => isApiError(error) && (error.code === 40400 || error.code === 40300);

/**
 * /order/orderDetail?id= (spec 3 §2.7, §4): the order with its masked number, goods, amounts,
 * address, courier and refund; 去支付 by canPayOrder, 申请退款 for a paid order (again after
 * 退款失败), 取消订单 by canCancelOrder for one not paid, 查看物流 once shipped goods are sent.
 */
export default function OrderDetailPage() {
  useDocumentTitle('订单详情');
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const orderId = Number(query.get('id'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const read = useApiData(() => api().GET('/order/v1/getById', { params: { query: { orderId } } }), orderId, {
    enabled: valid,
  });
  const order = read.data;
  const remaining = useAutoCancelCountdown(order, read.reload);
  const guard = useSubmitGuard();
  const { pay, sheet, busy: paying } = usePayIntent(() => read.reload());
  const [asking, setAsking] = useState(false);

  if (!valid || (read.failed && missing(read.error))) {
    return <EmptyState title="订单不存在" />;
  }
  if (!order) {
    return read.failed ? (
      <EmptyState title="加载失败">
        <Button onClick={read.reload}>点击重试</Button>
      </EmptyState>
    ) : (
      <PageLoading />
    );
  }

  const act = (task: () => Promise<OrderDetail>, done: string) =>
    guard.run(async () => {
      try {
        const next = await task();
        return () => {
          read.mutate(next);
          toast(done);
        };
      } catch (error) {
        return () => showError(error);
      }
    });

  const onPay = () =>
    guard.run(async () => {
      try {
        const { intent } = await api().POST('/order/v1/wxpay', { body: { orderCode: order.orderCode } });
        return () => void pay(intent.intentId);
      } catch (error) {
        return () => {
          showError(error);
          read.reload();
        };
      }
    });

  const onCancel = async () => {
    if (await Dialog.confirm({ content: ORDER_SCREEN_TEXTS.cancelConfirm })) {
      await act(
        () => api().POST('/order/v1/cancel', { body: { orderId: order.orderId } }),
        ORDER_SCREEN_TEXTS.cancelled,
      );
    }
  };

  const onRefund = async () => {
    if (customerRefundMode(order) === 'request') {
      // After the audit or shipping the refund is a request the operator decides (docs/adr/0194).
      setAsking(true);
      return;
    }
    if (await Dialog.confirm({ content: ORDER_SCREEN_TEXTS.refundConfirm })) {
      await act(
        () => api().POST('/order/v1/wxRefund', { body: { orderId: order.orderId } }),
        ORDER_SCREEN_TEXTS.refundStarted,
      );
    }
  };

  const onAsk = (reason: string) =>
    guard.run(async () => {
      try {
        const next = await api().POST('/order/v1/wxRefund', { body: { orderId: order.orderId, reason } });
        return () => {
          setAsking(false);
          read.mutate(next);
          toast(ORDER_REFUND_MESSAGES.requestSent);
        };
      } catch (error) {
        return () => showError(error);
      }
    });

  const refundMode = customerRefundMode(order);
  const refundable = refundMode === 'now';
  const requestLabel = refundRequestLabel(order);
  // A paid order is cancelled by asking for its refund; 取消订单 is for one with no money taken.
  const cancellable = canCancelOrder(order) && !refundable;
  const busy = guard.busy || paying;
  const pickup = order.receiveType === RECEIVE_TYPE_API.pickup;
  // A service package or a data plan is not delivered: no receive method, no address.
  const virtual = order.associcateGoods[0]?.goodsType === 'virtual';
  const express = order.express;
  const actions: ReactNode[] = [];
  if (canTrackOrder(order)) {
    actions.push(
      <Button key="logistics" onClick={() => void navigate(logisticsPath(order.orderId))}>
        {ORDER_SCREEN_TEXTS.logistics}
      </Button>,
    );
  }
  if (cancellable) {
    actions.push(
      <Button key="cancel" disabled={busy} onClick={() => void onCancel()}>
        {ORDER_SCREEN_TEXTS.cancel}
      </Button>,
    );
  }
  if (refundMode !== null) {
    actions.push(
      <Button key="refund" color="warning" fill="outline" disabled={busy} onClick={() => void onRefund()}>
        {canRequestRefundAgain(order) ? ORDER_SCREEN_TEXTS.refundAgain : ORDER_SCREEN_TEXTS.refund}
      </Button>,
    );
  }
  if (canPayOrder(order)) {
    actions.push(
      <Button key="pay" color="primary" disabled={busy} onClick={() => void onPay()}>
        {ORDER_SCREEN_TEXTS.pay}
      </Button>,
    );
  }

  return (
    <div className={styles.page}>
      <section className={styles.section} aria-label="订单概况">
        <OrderHead order={order} />
        <CountdownLine remaining={remaining} />
        {order.refundAmount !== null && REFUND_STATES.includes(order.payStatus) ? (
          <p className={styles.note}>
            {orderRefundParts(order).money ? '退款金额' : '已退还'} {refundContentText(order)}
            {order.refundReason ? `（${order.refundReason}）` : ''}
            {order.payStatus === PAY_STATUS.refunding ? `，${ORDER_SCREEN_TEXTS.refundNote}` : ''}
          </p>
        ) : null}
        {requestLabel ? (
          <p className={styles.refundRequest} aria-label="退款申请">
            <strong>{requestLabel}</strong>
            {order.refundRequest === REFUND_REQUEST.declined && order.refundDeclineReason
              ? `：${order.refundDeclineReason}`
              : order.refundRequestReason
                ? `（${order.refundRequestReason}）`
                : ''}
          </p>
        ) : null}
      </section>

      {virtual ? (
        <section className={styles.section} aria-label="收货信息">
          <h2 className={styles.sectionTitle}>{ORDER_SCREEN_TEXTS.virtualTitle}</h2>
          <p className={styles.note}>
            {order.rechargePackage === 1 ? ORDER_SCREEN_TEXTS.dataPlanNote : ORDER_SCREEN_TEXTS.virtualNote}
          </p>
        </section>
      ) : (
        <section className={styles.section} aria-label="收货信息">
          <h2 className={styles.sectionTitle}>{receiveTypeText(order.receiveType)}</h2>
          {pickup ? (
            <p className={styles.note}>{MALL_MESSAGES.pickupNotice}</p>
          ) : order.consigneeName ? (
            <div className={styles.address}>
              <p>
                <strong>{order.consigneeName}</strong> {order.phone}
              </p>
              <p>{order.detailAddress}</p>
            </div>
          ) : (
            <p className={styles.note}>无需收货地址</p>
          )}
        </section>
      )}

      <section className={styles.section} aria-label="商品">
        <OrderGoods order={order} />
        <dl className={styles.pairs}>
          <Pair label="商品金额" value={`¥${centsToYuan(order.goodsValue * order.number)}`} />
          <Pair label="运费" value={order.postage > 0 ? `¥${centsToYuan(order.postage)}` : '包邮'} />
          {order.payCoupon > 0 ? <Pair label="优惠券" value={`-¥${centsToYuan(order.payCoupon)}`} /> : null}
          {order.scoreDeduction > 0 ? (
            <Pair label="积分抵扣" value={`-¥${centsToYuan(order.scoreDeduction)}（${order.scoreAmount}积分）`} />
          ) : null}
          {order.paperAmount > 0 ? <Pair label="试纸" value={`${order.paperAmount}条`} /> : null}
          <Pair label="实付金额" value={`¥${centsToYuan(order.payAmount)}`} strong />
        </dl>
      </section>

      <section className={styles.section} aria-label="订单信息">
        <dl className={styles.pairs}>
          <Pair label="订单编号" value={maskOrderCode(order.orderCode)} />
          <Pair label="下单时间" value={order.createTime} />
          {order.payTime ? <Pair label="支付时间" value={order.payTime} /> : null}
          <Pair label="支付方式" value={order.payType === PAY_TYPE.cashOnDelivery ? '货到付款' : '微信支付'} />
          {order.deviceImei ? <Pair label="续费设备" value={`IMEI ${order.deviceImei}`} /> : null}
          {express.expressName ? <Pair label="快递公司" value={express.expressName} /> : null}
          {express.trackingNumber ? <Pair label="快递单号" value={express.trackingNumber} /> : null}
          {express.expressPhone ? (
            <Pair
              label="快递电话"
              value={
                <a className={styles.phone} href={`tel:${express.expressPhone}`}>
                  {express.expressPhone}
                </a>
              }
            />
          ) : null}
        </dl>
      </section>

      {actions.length > 0 ? (
        <div className={styles.actionBar} role="group" aria-label="订单操作">
          {actions}
        </div>
      ) : null}
      {sheet}
      <RefundRequestDialog
        open={asking}
        busy={guard.busy}
        onSubmit={(reason) => void onAsk(reason)}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}

function Pair({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={strong ? styles.strongValue : undefined} aria-label={label}>
        {value}
      </dd>
    </>
  );
}
