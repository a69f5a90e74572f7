// 药店管理 (operator): every pharmacy, open or closed, by region and name; add or change one (region,
// coordinates, opening hours, status) and set its stock of catalogue medicines. Patients find only
// open pharmacies, and with a prescription's medicines only those that stock all of them. Every
// change is written to the audit trail by the API (docs/adr/0158-pharmacy-management-in-the-console.md).
import { Button, Cascader, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { PHARMACY_STATUS_LABELS, openingHoursLabel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListPage } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { PharmacyDialog } from './PharmacyDialog';
import { regionOptions } from './regions';
import { StockDialog } from './StockDialog';
import styles from './PharmacyPage.module.css';

type Pharmacy = Schema<'ConsolePharmacy'>;

const PAGE_SIZE = 10;

interface Filter {
  keyword?: string;
  province?: string;
  city?: string;
  status?: 0 | 1;
}

export default function PharmacyPage() {
  const [filter, setFilter] = useState<Filter>({});
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<Pharmacy | 'new' | null>(null);
  const [stocking, setStocking] = useState<Pharmacy | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/pharmacies', { params: { query: { ...filter, pageNo, pageSize: PAGE_SIZE } }, signal }),
    [filter, pageNo],
  );

  const narrow = (change: Filter) => {
    setFilter((old) => ({ ...old, ...change }));
    setPageNo(1);
  };

  const columns: TableColumnsType<Pharmacy> = [
    {
      title: '药店',
      key: 'name',
      render: (_value, pharmacy) => (
        <div className={styles.twoLines}>
          <span>{pharmacy.name}</span>
          <Typography.Text type="secondary">{pharmacy.phone}</Typography.Text>
        </div>
      ),
    },
    {
      title: '地址',
      key: 'address',
      render: (_value, pharmacy) => (
        <div className={styles.twoLines}>
          <span>{pharmacy.regionName}</span>
          <Typography.Text type="secondary" className={styles.address} title={pharmacy.address}>
            {pharmacy.address}
          </Typography.Text>
        </div>
      ),
    },
    { title: '营业时间', key: 'hours', render: (_value, pharmacy) => openingHoursLabel(pharmacy) },
    {
      title: '在售药品',
      dataIndex: 'stockCount',
      key: 'stockCount',
      render: (count: number) => (count === 0 ? <Tag color="orange">无库存</Tag> : `${count} 种`),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: 0 | 1) => <Tag color={status === 1 ? 'green' : 'default'}>{PHARMACY_STATUS_LABELS[status]}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, pharmacy) => (
        <Space>
          <Button type="link" onClick={() => setEditing(pharmacy)} aria-label={`编辑 ${pharmacy.name}`}>
            编辑
          </Button>
          <Button type="link" onClick={() => setStocking(pharmacy)} aria-label={`库存 ${pharmacy.name}`}>
            库存
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title="药店管理" addLabel="新增药店" onReload={list.reload} onAdd={() => setEditing('new')}>
      <Space className={styles.filters} wrap>
        <Input.Search
          className={styles.keyword}
          allowClear
          enterButton="搜索"
          placeholder="药店名称或地址"
          aria-label="药店名称或地址"
          onSearch={(text) => narrow({ keyword: text.trim() || undefined })}
        />
        <Cascader
          className={styles.region}
          options={regionOptions().map(({ children, ...province }) => ({
            ...province,
            children: children?.map(({ children: _districts, ...city }) => city),
          }))}
          changeOnSelect
          showSearch
          placeholder="全部地区"
          aria-label="地区"
          onChange={(value) => {
            const [province, city] = value ?? [];
            narrow({ province, city });
          }}
        />
        <Select<0 | 1 | 'all'>
          className={styles.status}
          aria-label="状态"
          defaultValue="all"
          options={[
            { value: 'all', label: '全部状态' },
            { value: 1, label: PHARMACY_STATUS_LABELS[1] },
            { value: 0, label: PHARMACY_STATUS_LABELS[0] },
          ]}
          onChange={(value) => narrow({ status: value === 'all' ? undefined : value })}
        />
      </Space>
      <Table<Pharmacy>
        className={styles.table}
        rowKey="pharmacyId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂无药店数据' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 家`,
          onChange: setPageNo,
        }}
      />
      <PharmacyDialog
        open={editing !== null}
        pharmacy={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <StockDialog
        pharmacy={stocking}
        onClose={() => setStocking(null)}
        onSaved={() => {
          setStocking(null);
          list.reload();
        }}
      />
    </ListPage>
  );
}
