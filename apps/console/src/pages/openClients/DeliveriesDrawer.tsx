// One subscription's delivery log (推送记录): each event sent, newest first, by state, with its
// webhook-id, and — opened — every attempt (when, the receiver's answer or the error, how long) and
// the payload. 重新推送 sends a delivery again as a new attempt chain with the same payload and
// webhook-id; a delivery still being tried, or one of a disabled subscription, is refused by the
// API with its reason. Under the table: how long the log keeps a delivery.
import { App, Button, Drawer, Tag, Timeline, Typography } from 'antd';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@glucoguard/domain';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { formatTime } from '../../format';
import { ListFilters, PagedTable } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import {
  attemptOutcome,
  DELIVERY_STATUS,
  DELIVERY_STATUS_OPTIONS,
  EVENT_LABELS,
  type Delivery,
  type DeliveryStatus,
  type Subscription,
} from './openText';
import styles from './OpenClients.module.css';

const PAGE_SIZE = 10;

/** Under the log: how long it keeps a delivery (docs/adr/0233), the number from the domain's rule. */
const DELIVERY_RETENTION_NOTE = `推送记录在投递结束 ${WEBHOOK_DELIVERY_RETENTION_DAYS} 天后自动删除，删除后不能再重新推送；投递中的记录会一直保留。`;

function Attempts({ delivery }: { delivery: Delivery }) {
  return (
    <div>
      {delivery.attempts.length === 0 ? (
        <Typography.Paragraph type="secondary">还没有推送尝试</Typography.Paragraph>
      ) : (
        <Timeline
          items={delivery.attempts.map((attempt) => ({
            key: `${attempt.chain}-${attempt.attemptNo}`,
            color: attempt.error === null ? 'green' : 'red',
            content: (
              <span>
                {formatTime(attempt.startedAt)} · 第 {attempt.chain} 轮第 {attempt.attemptNo} 次 ·{' '}
                {attemptOutcome(attempt)}
              </span>
            ),
          }))}
        />
      )}
      {delivery.nextAttemptAt ? (
        <Typography.Paragraph type="secondary">下次尝试：{formatTime(delivery.nextAttemptAt)}</Typography.Paragraph>
      ) : null}
      <pre className={styles.payload} aria-label="推送内容">
        {JSON.stringify(delivery.payload, null, 2)}
      </pre>
    </div>
  );
}

export function DeliveriesDrawer({
  subscription,
  clientName,
  onClose,
}: {
  subscription: Subscription | null;
  clientName: string | undefined;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const [status, setStatus] = useState<DeliveryStatus | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [replaying, setReplaying] = useState<string | null>(null);
  const subscriptionId = subscription?.subscriptionId;
  useEffect(() => {
    setStatus(undefined);
    setPageNo(1);
  }, [subscriptionId]);
  const log = useConsoleData(
    (signal) =>
      subscriptionId
        ? api.GET('/console/v1/open/webhooks/{subscriptionId}/deliveries', {
            params: { path: { subscriptionId }, query: { status, pageNo, pageSize: PAGE_SIZE } },
            signal,
          })
        : Promise.resolve(undefined),
    [subscriptionId, status, pageNo],
  );

  const confirmReplay = (delivery: Delivery) =>
    modal.confirm({
      title: '重新推送这条事件？',
      content: `将以相同内容和 webhook-id（${delivery.eventId}）重新推送，失败后按原间隔重试。接收方应按 webhook-id 去重。`,
      okText: '重新推送',
      cancelText: '取消',
      // The dialog's button stays busy until the answer, so a second click sends nothing.
      onOk: async () => {
        setReplaying(delivery.deliveryId);
        try {
          await api.POST('/console/v1/open/deliveries/{deliveryId}/replay', {
            params: { path: { deliveryId: delivery.deliveryId } },
          });
          void message.success('已重新推送');
        } catch (failure) {
          log.fail(failure);
        } finally {
          setReplaying(null);
          log.reload();
        }
      },
    });

  const columns: TableColumnsType<Delivery> = [
    {
      title: '事件',
      key: 'event',
      render: (_value, delivery) => (
        <div className={styles.twoLines}>
          <span>{EVENT_LABELS[delivery.eventType]}</span>
          <Typography.Text type="secondary" className={styles.mono} copyable={{ text: delivery.eventId }}>
            {delivery.eventId}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_value, delivery) => (
        <Tag color={DELIVERY_STATUS[delivery.status].colour}>{DELIVERY_STATUS[delivery.status].label}</Tag>
      ),
    },
    { title: '尝试', key: 'attempts', width: 72, render: (_value, delivery) => `${delivery.attempts.length} 次` },
    { title: '产生时间', key: 'createdAt', render: (_value, delivery) => formatTime(delivery.createdAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_value, delivery) => (
        <Button
          type="link"
          disabled={delivery.status === 'pending' || replaying !== null}
          aria-label={`重新推送 ${delivery.eventId}`}
          onClick={() => void confirmReplay(delivery)}
        >
          重新推送
        </Button>
      ),
    },
  ];

  return (
    <Drawer
      title={subscription ? `推送记录：${clientName ?? subscription.clientId}` : '推送记录'}
      open={subscription !== null}
      size={880}
      onClose={onClose}
      destroyOnHidden
    >
      {subscription ? (
        <>
          <Typography.Paragraph>
            推送地址：
            <Typography.Text className={styles.mono} copyable>
              {subscription.url}
            </Typography.Text>
          </Typography.Paragraph>
          <ListFilters
            choice={{
              label: '投递状态',
              options: DELIVERY_STATUS_OPTIONS,
              value: status ?? 'all',
              onChange: setStatus,
            }}
            onFilter={() => setPageNo(1)}
          />
          <PagedTable<Delivery>
            rowKey="deliveryId"
            columns={columns}
            expandable={{ expandedRowRender: (delivery) => <Attempts delivery={delivery} /> }}
            locale={{ emptyText: status ? '没有该状态的推送' : '还没有推送记录' }}
            list={log}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            unit="条"
            onPageChange={setPageNo}
          />
          <Typography.Paragraph type="secondary" className={styles.section}>
            {DELIVERY_RETENTION_NOTE}
          </Typography.Paragraph>
        </>
      ) : null}
    </Drawer>
  );
}
