// 推送订阅 (admin): every client's webhook subscriptions, or one client's (?clientId=, as 应用接入's
// 推送订阅 link opens it): where events go, which events, whether it is on and why not, the failures
// in a row, and the notice its contact got when it was switched off. 推送记录 opens its delivery log
// with each attempt and 重新推送. The API is lane WEBHOOKS' (docs/adr/0223, 0224).
import { Alert, Button, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { formatTime } from '../../format';
import { ListPage, PagedTable } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import {
  EVENT_LABELS,
  formatDay,
  noticeSmsText,
  previousSecretHours,
  subscriptionState,
  type Subscription,
} from './openText';
import styles from './OpenClients.module.css';

const PAGE_SIZE = 20;
/** The clients offered in the filter: the newest 50 (the API's largest page); others by ?clientId=. */
const CLIENT_CHOICES = 50;

export default function WebhooksPage() {
  const [params, setParams] = useSearchParams();
  const clientId = params.get('clientId') ?? undefined;
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<Subscription | null>(null);
  const clients = useConsoleData(
    (signal) =>
      api.GET('/console/v1/open/clients', { params: { query: { pageNo: 1, pageSize: CLIENT_CHOICES } }, signal }),
    [],
  );
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/open/webhooks', {
        params: { query: { clientId, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [clientId, pageNo],
  );
  const nameOf = useMemo(() => {
    const names = new Map((clients.data?.items ?? []).map((c) => [c.clientId, c.name]));
    return (id: string) => names.get(id);
  }, [clients.data]);
  const choices = useMemo(() => {
    const items = (clients.data?.items ?? []).map((c) => ({ value: c.clientId, label: c.name }));
    if (clientId && !items.some((item) => item.value === clientId)) {
      items.unshift({ value: clientId, label: clientId });
    }
    return items;
  }, [clients.data, clientId]);

  const columns: TableColumnsType<Subscription> = [
    {
      title: '应用',
      key: 'client',
      render: (_value, subscription) => (
        <div className={styles.twoLines}>
          <span>{nameOf(subscription.clientId) ?? '—'}</span>
          <Typography.Text type="secondary" className={styles.id}>
            {subscription.clientId}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '推送地址',
      key: 'url',
      render: (_value, subscription) => (
        <div className={styles.twoLines}>
          <Typography.Text className={`${styles.mono} ${styles.clip}`} title={subscription.url}>
            {subscription.url}
          </Typography.Text>
          {subscription.description ? (
            <Typography.Text type="secondary" className={styles.clip} title={subscription.description}>
              {subscription.description}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: '事件',
      key: 'events',
      render: (_value, subscription) => (
        <div className={styles.tags}>
          {subscription.events.map((event) => (
            <Tag key={event} title={event}>
              {EVENT_LABELS[event]}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      title: '状态',
      key: 'state',
      render: (_value, subscription) => {
        const state = subscriptionState(subscription);
        const rotation = previousSecretHours(subscription, new Date());
        return (
          <div className={styles.twoLines}>
            <span>
              <Tag color={state.colour}>{state.label}</Tag>
              {rotation !== null && <Tag color="blue">密钥轮换中</Tag>}
            </span>
            <Typography.Text type="secondary">
              {subscription.disabledAt
                ? `停用于 ${formatTime(subscription.disabledAt)}`
                : `连续失败 ${subscription.consecutiveFailures} 次`}
            </Typography.Text>
            {rotation !== null && <Typography.Text type="secondary">旧密钥 {rotation} 小时后失效</Typography.Text>}
            <Typography.Text type="secondary">创建于 {formatDay(subscription.createdAt)}</Typography.Text>
          </div>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, subscription) => (
        <Button type="link" aria-label={`查看 ${subscription.url} 的推送记录`} onClick={() => setOpen(subscription)}>
          推送记录
        </Button>
      ),
    },
  ];

  const notices = (list.data?.items ?? []).filter((s) => s.notice !== null);

  return (
    <ListPage title="推送订阅" onReload={list.reload}>
      <Space className={styles.filters} wrap>
        <Select<string>
          className={styles.keyword}
          aria-label="应用"
          placeholder="全部应用"
          allowClear
          showSearch
          optionFilterProp="label"
          value={clientId}
          options={choices}
          loading={clients.loading}
          onChange={(value) => {
            setParams(value ? { clientId: value } : {});
            setPageNo(1);
          }}
        />
      </Space>
      {notices.map((subscription) =>
        subscription.notice ? (
          <Alert
            key={subscription.subscriptionId}
            className={styles.notice}
            type="error"
            showIcon
            title={`${nameOf(subscription.clientId) ?? subscription.clientId} 的订阅已因连续失败停用`}
            description={`${formatTime(subscription.notice.at)} 已通知 ${[subscription.notice.phone, subscription.notice.email].filter(Boolean).join('、') || '（未登记联系方式）'}：${subscription.notice.text}（${noticeSmsText(subscription.notice.sms)}）`}
          />
        ) : null,
      )}
      <PagedTable<Subscription>
        rowKey="subscriptionId"
        className={styles.table}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: clientId ? '该应用还没有推送订阅' : '还没有推送订阅' }}
        list={list}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        unit="个"
        onPageChange={setPageNo}
      />
      <DeliveriesDrawer
        subscription={open}
        clientName={open ? nameOf(open.clientId) : undefined}
        onClose={() => setOpen(null)}
      />
    </ListPage>
  );
}
