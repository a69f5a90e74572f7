// 销售报表 (operator, admin): sales of a range of China days, by day (every day, a bar chart of the
// money taken and a table) or by goods (most money first, with each one's share), in yuan, points
// and strips; refunds counted apart (docs/adr/0190-console-orders-and-sales-report.md).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Progress, Segmented, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { centsToYuan } from '@glucoguard/domain';
import { tokens } from '@glucoguard/ui';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { SalesChart } from './SalesChart';
import styles from './SalesReportPage.module.css';

type Row = Schema<'SalesReportRow'>;
type GroupBy = 'day' | 'goods';

const yuan = (cents: number) => <span className={styles.amount}>¥{centsToYuan(cents)}</span>;

export default function SalesReportPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const [groupBy, setGroupBy] = useState<GroupBy>('day');
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const report = useConsoleData(
    (signal) => api.GET('/console/v1/reports/sales', { params: { query: { from, to, groupBy } }, signal }),
    [from, to, groupBy],
  );
  const totals = report.data?.totals;
  const top = Math.max(1, ...(report.data?.rows ?? []).map((row) => row.salesCents));

  const columns: TableColumnsType<Row> = [
    { title: groupBy === 'day' ? '日期' : '商品', dataIndex: 'label', key: 'label' },
    { title: '订单数', dataIndex: 'orders', key: 'orders', align: 'right' },
    { title: '件数', dataIndex: 'quantity', key: 'quantity', align: 'right' },
    { title: '销售额', dataIndex: 'salesCents', key: 'salesCents', align: 'right', render: yuan },
    { title: '退款', dataIndex: 'refundCents', key: 'refundCents', align: 'right', render: yuan },
    { title: '净额', dataIndex: 'netCents', key: 'netCents', align: 'right', render: yuan },
    { title: '积分', dataIndex: 'scoreAmount', key: 'scoreAmount', align: 'right' },
    { title: '试纸', dataIndex: 'paperAmount', key: 'paperAmount', align: 'right' },
    ...(groupBy === 'goods'
      ? [
          {
            title: '销售额占比',
            key: 'share',
            render: (_value: unknown, row: Row) => (
              <Progress
                status="normal"
                strokeColor={tokens.colorPrimary}
                percent={Math.round((row.salesCents / top) * 100)}
                format={() =>
                  `${totals && totals.salesCents > 0 ? Math.round((row.salesCents / totals.salesCents) * 100) : 0}%`
                }
                aria-label={`${row.label} 销售额占比`}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          销售报表
        </Typography.Title>
      }
      extra={
        <Button icon={<ReloadOutlined />} onClick={report.reload}>
          刷新
        </Button>
      }
    >
      <Space className={styles.filters} wrap>
        <DatePicker.RangePicker
          aria-label="统计日期"
          allowClear={false}
          value={range}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(days) => {
            if (days?.[0] && days[1]) {
              setRange([days[0], days[1]]);
            }
          }}
        />
        <Segmented<GroupBy>
          aria-label="统计方式"
          value={groupBy}
          options={[
            { value: 'day', label: '按日' },
            { value: 'goods', label: '按商品' },
          ]}
          onChange={setGroupBy}
        />
      </Space>
      {totals && (
        <Space className={styles.totals} size="large" wrap>
          <span>订单 {totals.orders} 单</span>
          <span>件数 {totals.quantity}</span>
          <span>销售额 {yuan(totals.salesCents)}</span>
          <span>退款 {yuan(totals.refundCents)}</span>
          <span>净额 {yuan(totals.netCents)}</span>
          <span>积分 {totals.scoreAmount}</span>
          <span>试纸 {totals.paperAmount}</span>
        </Space>
      )}
      {groupBy === 'day' && report.data && <SalesChart rows={report.data.rows} />}
      <Table<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={report.data?.rows ?? []}
        loading={report.loading}
        locale={{ emptyText: '所选日期内暂无销售' }}
        pagination={{ pageSize: 31, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </Card>
  );
}
