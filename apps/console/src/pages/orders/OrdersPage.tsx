// 订单管理 (operator, admin): the mall's orders, newest first, filtered by status, pay, shipping and
// audit state, creation days and an order code or phone; a row opens its detail with the actions
// its state allows (审核, 发货, 签收 / 拒收, 退款). Every read and action is audited by the API
// (docs/adr/0190-console-orders-and-sales-report.md).
import { Button, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { refundRequestLabel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListPage, serverPagination } from '../../ListPage';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { OrderDrawer } from './OrderDrawer';
import {
  AUDIT_STATUS_OPTIONS,
  ORDER_STATUS_OPTIONS,
  PAY_STATUS_OPTIONS,
  SEND_STATUS_OPTIONS,
  orderPriceText,
  REFUND_REQUEST_OPTIONS,
  statusColour,
} from './orderText';
import styles from './OrdersPage.module.css';

type Order = Schema<'ConsoleOrder'>;
interface Filter {
  keyword?: string;
  from?: string;
  to?: string;
  orderStatus?: 0 | 1;
  payStatus?: 0 | 1 | 3 | 4 | 5;
  sendStatus?: 0 | 1;
  auditStatus?: 0 | 1 | 2;
  refundRequest?: 1 | 2;
}

const PAGE_SIZE = 10;

/** The queue's status filters: the query key each narrows, its label and its choices ('all' first). */
const STATUS_FILTERS = [
  { key: 'orderStatus', label: '订单状态', options: ORDER_STATUS_OPTIONS },
  { key: 'payStatus', label: '支付状态', options: PAY_STATUS_OPTIONS },
  { key: 'sendStatus', label: '发货状态', options: SEND_STATUS_OPTIONS },
  { key: 'auditStatus', label: '审核状态', options: AUDIT_STATUS_OPTIONS },
  { key: 'refundRequest', label: '退款申请', options: REFUND_REQUEST_OPTIONS },
] as const;

export default function OrdersPage() {
  const [filter, setFilter] = useState<Filter>({});
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/orders', { params: { query: { ...filter, pageNo, pageSize: PAGE_SIZE } }, signal }),
    [filter, pageNo],
  );

  const narrow = (change: Filter) => {
    setFilter((old) => ({ ...old, ...change }));
    setPageNo(1);
  };

  const columns: TableColumnsType<Order> = [
    {
      title: '订单号',
      key: 'orderCode',
      render: (_value, order) => (
        <div className={styles.twoLines}>
          <Typography.Text copyable className={styles.code}>
            {order.orderCode}
          </Typography.Text>
          <Typography.Text type="secondary">{formatTime(order.createTime)}</Typography.Text>
        </div>
      ),
    },
    {
      title: '商品',
      key: 'goods',
      render: (_value, order) => (
        <div className={styles.twoLines}>
          <span className={styles.goods} title={order.goodsName}>
            {order.goodsName}
          </span>
          <Typography.Text type="secondary">× {order.number}</Typography.Text>
        </div>
      ),
    },
    {
      title: '买家',
      key: 'buyer',
      render: (_value, order) => (
        <div className={styles.twoLines}>
          <span>{order.consigneeName ?? order.customerName ?? '—'}</span>
          <Typography.Text type="secondary">{order.phone ?? order.customerPhone ?? '—'}</Typography.Text>
        </div>
      ),
    },
    {
      title: '实付',
      key: 'paid',
      render: (_value, order) => <span className={styles.amount}>{orderPriceText(order)}</span>,
    },
    {
      title: '状态',
      key: 'status',
      render: (_value, order) => (
        <Space size={4} wrap>
          <Tag color={statusColour(order.statusLabel)}>{order.statusLabel}</Tag>
          {order.paymentLabel && order.paymentLabel !== order.statusLabel && <Tag>{order.paymentLabel}</Tag>}
          {refundRequestLabel(order) && <Tag color="orange">{refundRequestLabel(order)}</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, order) => (
        <Button type="link" onClick={() => setOpenId(order.orderId)} aria-label={`处理订单 ${order.orderCode}`}>
          详情与处理
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="订单管理" onReload={list.reload}>
      <Space className={styles.filters} wrap>
        <Input.Search
          className={styles.keyword}
          allowClear
          enterButton="搜索"
          placeholder="订单号或手机号"
          aria-label="订单号或手机号"
          onSearch={(text) => narrow({ keyword: text.trim() || undefined })}
        />
        <DatePicker.RangePicker
          aria-label="下单日期"
          placeholder={['下单开始日期', '下单结束日期']}
          onChange={(days) => narrow({ from: days?.[0]?.format('YYYY-MM-DD'), to: days?.[1]?.format('YYYY-MM-DD') })}
        />
        {STATUS_FILTERS.map(({ key, label, options }) => (
          <Select<number | 'all'>
            key={key}
            className={styles.status}
            aria-label={label}
            defaultValue="all"
            options={options}
            onChange={(value) => narrow({ [key]: value === 'all' ? undefined : value })}
          />
        ))}
      </Space>
      <Table<Order>
        rowKey="orderId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂无订单' }}
        pagination={serverPagination({
          pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          unit: '单',
          onChange: setPageNo,
        })}
      />
      <OrderDrawer orderId={openId} onClose={() => setOpenId(null)} onChanged={list.reload} />
    </ListPage>
  );
}
