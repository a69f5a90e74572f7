// 保修登记 (operator, admin): the warranty registrations, newest first, found by a device's IMEI or a
// phone (the one registered or the customer's own). Each row shows the model, the purchase date and
// whether the warranty still runs (the domain's isWarrantyExpired, computed by the API). Every search
// is audited by the API (docs/adr/0212-after-sales-service-console.md).
import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { DEVICE_TYPE_NAMES, WARRANTY_TEXTS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListFilters, ListPage, PagedTable } from '../../ListPage';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import styles from './AfterSalesService.module.css';

type Warranty = Schema<'ConsoleWarranty'>;

const PAGE_SIZE = 20;

const columns: TableColumnsType<Warranty> = [
  {
    title: '产品',
    key: 'product',
    render: (_value, warranty) => (
      <div className={styles.twoLines}>
        <span className={styles.clip} title={warranty.goodsName}>
          {warranty.goodsName}
        </span>
        <Typography.Text type="secondary">{DEVICE_TYPE_NAMES[warranty.deviceType]}</Typography.Text>
      </div>
    ),
  },
  {
    title: 'IMEI',
    key: 'imei',
    render: (_value, warranty) => (
      <Typography.Text copyable className={styles.code}>
        {warranty.deviceImei}
      </Typography.Text>
    ),
  },
  { title: '购买日期', dataIndex: 'orderTime', key: 'orderTime' },
  {
    title: '保修',
    key: 'warranty',
    render: (_value, warranty) => (
      <div className={styles.twoLines}>
        <span>
          <Tag color={warranty.expired ? 'default' : 'green'}>
            {warranty.expired ? WARRANTY_TEXTS.expired : WARRANTY_TEXTS.inWarranty}
          </Tag>
          {warranty.warTime} 个月
        </span>
        <Typography.Text type="secondary">保修至 {warranty.warrantyEnd}</Typography.Text>
      </div>
    ),
  },
  {
    title: '登记手机 / 客户',
    key: 'customer',
    render: (_value, warranty) => (
      <div className={styles.twoLines}>
        <span className={styles.code}>{warranty.phone || '—'}</span>
        <Typography.Text type="secondary">
          {warranty.customerName || '未注册用户'}
          {warranty.customerPhone && warranty.customerPhone !== warranty.phone ? ` · ${warranty.customerPhone}` : ''}
        </Typography.Text>
      </div>
    ),
  },
  { title: '登记时间', key: 'createTime', render: (_value, warranty) => formatTime(warranty.createTime) },
];

export default function WarrantiesPage() {
  const [keyword, setKeyword] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/after-sales/warranties', {
        params: { query: { keyword, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [keyword, pageNo],
  );

  return (
    <ListPage title="保修登记" onReload={list.reload}>
      <ListFilters keyword={{ label: '设备 IMEI 或手机号', onSearch: setKeyword }} onFilter={() => setPageNo(1)} />
      <PagedTable<Warranty>
        rowKey="warrantyId"
        className={styles.table}
        columns={columns}
        locale={{ emptyText: keyword ? '没有找到这个 IMEI 或手机号的保修登记' : '暂无保修登记' }}
        list={list}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        unit="条"
        onPageChange={setPageNo}
      />
    </ListPage>
  );
}
