// One order in the order desk: what was bought and paid, where it goes, the courier and the
// recorded shipping events, and the actions its state allows — each one enabled by the domain's
// rule (orderAuditProblem, orderShipProblem, orderSignProblem), whose reason shows on a disabled one.
import { Alert, App, Button, Descriptions, Drawer, Empty, Popconfirm, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import {
  PAY_STATUS,
  RECEIVE_TYPE_API,
  REFUND_REQUEST,
  SEND_STATUS,
  centsToYuan,
  operatorRefundProblem,
  orderAuditProblem,
  orderRefundParts,
  orderShipProblem,
  orderSignProblem,
  refundContentText,
  refundRequestLabel,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { formatTime } from '../../format';
import { Guarded } from '../../Guarded';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { OrderRefundDialog } from './OrderRefundDialog';
import { RefundDeclineDialog } from './RefundDeclineDialog';
import { ShipDialog } from './ShipDialog';
import { orderPriceText, payTypeText, receiveText, statusColour } from './orderText';
import styles from './OrdersPage.module.css';

type Detail = Schema<'ConsoleOrderEnvelope'>['data'];
type Order = Detail['order'];

/**
 * The refusal of a refund, or null: money that was paid and is not being refunded, or an order paid
 * only with points or strips (operatorRefundProblem, docs/adr/0194).
 */
function refundProblem(order: Order): string | null {
  if (!orderRefundParts(order).money) {
    return operatorRefundProblem(order, 0);
  }
  if (order.refundableCents <= 0) {
    return '没有可退的金额';
  }
  return order.payStatus === PAY_STATUS.paid || order.payStatus === PAY_STATUS.refundFailed
    ? null
    : '订单退款中或未支付';
}

export function OrderDrawer({
  orderId,
  onClose,
  onChanged,
}: {
  orderId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [shipping, setShipping] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [declining, setDeclining] = useState(false);
  const { busy, error, setError, run } = useConsoleSubmit();
  const loaded = useConsoleData<Detail | null>(
    async (signal) => {
      setDetail(null);
      setError(null);
      return orderId === null
        ? null
        : api.GET('/console/v1/orders/{orderId}', { params: { path: { orderId } }, signal });
    },
    [orderId],
  );
  const shown = detail ?? loaded.data ?? null;
  const order = shown?.order;
  // A pickup order not handed over is marked 已取货 (never shipped).
  const pickup = order?.receiveType === RECEIVE_TYPE_API.pickup && order.sendStatus === SEND_STATUS.notSent;

  /** Runs an action; its answer is the order after it. */
  const act = async (task: () => Promise<Detail>, done: string) => {
    const next = await run(task);
    if (next) {
      setDetail(next);
      void message.success(done);
      onChanged();
    }
    return next;
  };

  const path = { params: { path: { orderId: orderId ?? 0 } } };
  const audit = (pass: boolean) =>
    act(
      () => api.POST('/console/v1/orders/{orderId}/audit', { ...path, body: { pass } }),
      pass ? '已审核通过' : '已标记审核不通过',
    );
  const sign = (result: 'signed' | 'refused') =>
    act(
      () => api.POST('/console/v1/orders/{orderId}/sign', { ...path, body: { result } }),
      result === 'signed' ? '已标记签收' : '已标记拒收',
    );

  return (
    <Drawer
      title={order ? `订单 ${order.orderCode}` : '订单详情'}
      open={orderId !== null}
      size={680}
      onClose={onClose}
      loading={loaded.loading && !shown}
      destroyOnHidden
    >
      {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
      {order && shown && (
        <>
          <Space className={styles.notice} wrap>
            <Tag color={statusColour(order.statusLabel)}>{order.statusLabel}</Tag>
            {order.paymentLabel && <Tag>{order.paymentLabel}</Tag>}
          </Space>
          {refundRequestLabel(order) && (
            <Alert
              className={styles.notice}
              type={order.refundRequest === REFUND_REQUEST.requested ? 'warning' : 'info'}
              showIcon
              title={`${refundRequestLabel(order)}：${
                order.refundRequest === REFUND_REQUEST.requested
                  ? (order.refundRequestReason ?? '—')
                  : (order.refundDeclineReason ?? '—')
              }`}
            />
          )}
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="商品" span={2}>
              {order.goodsName} × {order.number}
            </Descriptions.Item>
            <Descriptions.Item label="实付">
              <span className={styles.amount}>{orderPriceText(order)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="支付方式">{payTypeText(order.payType)}</Descriptions.Item>
            <Descriptions.Item label="优惠券">
              {order.payCoupon > 0 ? `-¥${centsToYuan(order.payCoupon)}` : '未使用'}
            </Descriptions.Item>
            <Descriptions.Item label="运费">¥{centsToYuan(order.postage)}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{formatTime(order.createTime)}</Descriptions.Item>
            <Descriptions.Item label="买家">
              {order.customerName ?? '—'} {order.customerPhone ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="领取方式">{receiveText(order.receiveType)}</Descriptions.Item>
            <Descriptions.Item label="收货人">
              {order.consigneeName ?? '—'} {order.phone ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="收货地址" span={2}>
              {order.detailAddress ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="快递" span={2}>
              {order.express
                ? `${order.express.expressName} ${order.express.trackingNumber}（客服 ${order.express.expressPhone ?? '—'}）`
                : '未发货'}
            </Descriptions.Item>
            {order.refundAmount !== null && (
              <Descriptions.Item label="退款" span={2}>
                {refundContentText(order)}（{order.refundReason ?? '—'}）
              </Descriptions.Item>
            )}
          </Descriptions>

          <Space className={styles.actions} wrap>
            <Guarded problem={orderAuditProblem(order)}>
              {(disabled) => (
                <Popconfirm
                  title="确定审核通过吗？"
                  okText="通过"
                  cancelText="取消"
                  onConfirm={() => void audit(true)}
                  disabled={disabled}
                >
                  <Button type="primary" disabled={disabled} loading={busy}>
                    审核通过
                  </Button>
                </Popconfirm>
              )}
            </Guarded>
            <Guarded problem={orderAuditProblem(order)}>
              {(disabled) => (
                <Popconfirm
                  title="确定审核不通过吗？"
                  okText="不通过"
                  cancelText="取消"
                  onConfirm={() => void audit(false)}
                  disabled={disabled}
                >
                  <Button danger disabled={disabled}>
                    审核不通过
                  </Button>
                </Popconfirm>
              )}
            </Guarded>
            <Guarded problem={orderShipProblem(order)}>
              {(disabled) => (
                <Button type="primary" disabled={disabled} onClick={() => setShipping(true)}>
                  发货
                </Button>
              )}
            </Guarded>
            <Guarded problem={orderSignProblem(order, 'signed')}>
              {(disabled) => (
                <Popconfirm
                  title={pickup ? '确定买家已取货吗？' : '确定买家已签收吗？'}
                  okText={pickup ? '已取货' : '已签收'}
                  cancelText="取消"
                  onConfirm={() => void sign('signed')}
                  disabled={disabled}
                >
                  <Button disabled={disabled}>{pickup ? '已取货' : '已签收'}</Button>
                </Popconfirm>
              )}
            </Guarded>
            <Guarded problem={orderSignProblem(order, 'refused')}>
              {(disabled) => (
                <Popconfirm
                  title="确定买家拒收吗？"
                  okText="拒收"
                  cancelText="取消"
                  onConfirm={() => void sign('refused')}
                  disabled={disabled}
                >
                  <Button disabled={disabled}>拒收</Button>
                </Popconfirm>
              )}
            </Guarded>
            <Guarded problem={refundProblem(order)}>
              {(disabled) => (
                <Button danger disabled={disabled} onClick={() => setRefunding(true)}>
                  退款
                </Button>
              )}
            </Guarded>
            {order.refundRequest === REFUND_REQUEST.requested && (
              <Button onClick={() => setDeclining(true)}>拒绝退款申请</Button>
            )}
          </Space>

          <Typography.Title level={5} className={styles.section}>
            物流记录
          </Typography.Title>
          {shown.traces.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无物流记录" />
          ) : (
            <Timeline
              items={shown.traces.map((trace, index) => ({
                key: `${trace.acceptTime}-${index}`,
                color: index === 0 ? 'blue' : 'gray',
                title: trace.acceptTime,
                content: trace.acceptStation,
              }))}
            />
          )}

          <ShipDialog
            open={shipping}
            orderId={order.orderId}
            onClose={() => setShipping(false)}
            onShipped={(next) => {
              setShipping(false);
              setDetail(next);
              void message.success('已发货');
              onChanged();
            }}
          />
          <RefundDeclineDialog
            orderId={declining ? order.orderId : null}
            onClose={() => setDeclining(false)}
            onDone={(next) => {
              setDeclining(false);
              setDetail(next);
              onChanged();
            }}
          />
          <OrderRefundDialog
            order={refunding ? order : null}
            onClose={() => setRefunding(false)}
            onDone={(next) => {
              setRefunding(false);
              setDetail(next);
              onChanged();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
