// 支付与退款 (operator): look a payment up by its merchant order number (the number on WeChat Pay's
// bill) or its id, see what is left to refund and every refund with its state, and refund part or
// all of what is left (docs/adr/0116-partial-refunds-one-at-a-time.md). Each lookup and refund is
// written to the audit trail by the API.
import { ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { centsToYuan } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { RefundDialog } from './RefundDialog';
import styles from './PaymentPage.module.css';

type Intent = Schema<'PaymentIntentDetail'>;
type Refund = Schema<'PaymentRefund'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATE_COLOURS: Record<string, string> = {
  created: 'default',
  paid: 'green',
  refunding: 'processing',
  partlyRefunded: 'gold',
  refunded: 'blue',
  refundFailed: 'red',
  closed: 'default',
  processing: 'processing',
  succeeded: 'green',
  failed: 'red',
};

const yuan = (cents: number) => <span className={styles.amount}>¥{centsToYuan(cents)}</span>;

/** WeChat Pay's reason for a failed refund, in words an operator can act on. */
function failureText(failure: string | null): string {
  switch (failure) {
    case null:
      return '—';
    case 'ABNORMAL':
      return '退款异常（原路退回失败，请在微信支付商户平台处理）';
    case 'CLOSED':
      return '退款已关闭';
    case 'NOT_ENOUGH':
      return '商户账户余额不足';
    case 'RESOURCE_NOT_EXISTS':
      return '微信支付未收到该退款';
    default:
      return failure;
  }
}

export default function PaymentPage() {
  const [query, setQuery] = useState<{ intentId?: string; outTradeNo?: string } | null>(null);
  const [refunding, setRefunding] = useState(false);
  const intent = useConsoleData<Intent | null>(
    (signal) => (query ? api.GET('/console/v1/payment/intent', { params: { query }, signal }) : Promise.resolve(null)),
    [query],
  );

  const search = (text: string) => {
    const value = text.trim();
    if (value) {
      setQuery(UUID.test(value) ? { intentId: value } : { outTradeNo: value });
    }
  };

  const columns: TableColumnsType<Refund> = [
    { title: '退款单号', dataIndex: 'outRefundNo', key: 'outRefundNo' },
    { title: '金额', dataIndex: 'amountCents', key: 'amountCents', render: yuan },
    {
      title: '状态',
      key: 'state',
      render: (_value, refund) => <Tag color={STATE_COLOURS[refund.state]}>{refund.stateLabel}</Tag>,
    },
    { title: '原因', dataIndex: 'reason', key: 'reason' },
    { title: '失败原因', dataIndex: 'failure', key: 'failure', render: failureText },
    {
      title: '发起人',
      dataIndex: 'requestedBy',
      key: 'requestedBy',
      render: (who: string) => (who.startsWith('staff:') ? '运营人员' : '系统'),
    },
    { title: '发起时间', dataIndex: 'createdAt', key: 'createdAt', render: formatTime },
  ];

  const found = intent.data;
  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          支付与退款
        </Typography.Title>
      }
      extra={
        found && (
          <Space>
            <Button icon={<ReloadOutlined />} onClick={intent.reload}>
              刷新
            </Button>
            <Button
              type="primary"
              icon={<RollbackOutlined />}
              disabled={found.refundableCents === 0 || found.state === 'refunding'}
              onClick={() => setRefunding(true)}
            >
              退款
            </Button>
          </Space>
        )
      }
    >
      <Input.Search
        className={styles.search}
        size="large"
        allowClear
        enterButton="查询"
        aria-label="商户订单号或支付单号"
        placeholder="输入商户订单号（GG 开头）或支付单号"
        onSearch={search}
        loading={intent.loading && query !== null}
      />
      {query && !intent.loading && !found && <Empty className={styles.section} description="未找到该支付单" />}
      {found && (
        <>
          <Descriptions className={styles.section} bordered column={2} size="middle">
            <Descriptions.Item label="商户订单号">{found.outTradeNo}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLOURS[found.state]}>{found.stateLabel}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="内容">{found.description}</Descriptions.Item>
            <Descriptions.Item label="支付方式">
              {found.provider === 'wechatpay' ? '微信支付' : '本地演示支付'}
            </Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(found.amountCents)}</Descriptions.Item>
            <Descriptions.Item label="可退金额">{yuan(found.refundableCents)}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatTime(found.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{formatTime(found.paidAt)}</Descriptions.Item>
            <Descriptions.Item label="微信支付单号">{found.transactionId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="支付截止">{formatTime(found.expiresAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className={styles.section}>
            退款记录
          </Typography.Title>
          <Table<Refund>
            rowKey="refundId"
            columns={columns}
            dataSource={found.refunds}
            pagination={false}
            locale={{ emptyText: '暂无退款' }}
          />
          <RefundDialog
            intent={refunding ? found : null}
            onClose={() => setRefunding(false)}
            onDone={() => {
              setRefunding(false);
              intent.reload();
            }}
          />
        </>
      )}
    </Card>
  );
}
