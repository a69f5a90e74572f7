// 网店管理 (operator): the online stores of 在线购药 in display order; add or change one and show
// (上架) or hide (下架) it. Patients see only shown stores, and a hidden store's address is refused
// (docs/adr/0158-pharmacy-management-in-the-console.md).
import { Avatar, Button, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { ONLINE_STORE_STATUS_LABELS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListPage } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { OnlineStoreDialog } from './OnlineStoreDialog';
import styles from './PharmacyPage.module.css';

type Store = Schema<'ConsoleOnlineStore'>;

const PAGE_SIZE = 10;

export default function OnlineStorePage() {
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<Store | 'new' | null>(null);
  const list = useConsoleData(
    (signal) => api.GET('/console/v1/onlineStores', { params: { query: { pageNo, pageSize: PAGE_SIZE } }, signal }),
    [pageNo],
  );

  const columns: TableColumnsType<Store> = [
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    {
      title: '网店',
      key: 'store',
      render: (_value, store) => (
        <Space>
          <Avatar shape="square" size="large" src={store.storeIcon || undefined} alt="">
            {store.storeName.slice(0, 1)}
          </Avatar>
          <div className={styles.twoLines}>
            <span>{store.storeName}</span>
            <Typography.Text type="secondary" className={styles.address} title={store.remark}>
              {store.remark || '—'}
            </Typography.Text>
          </div>
        </Space>
      ),
    },
    {
      title: '网店地址',
      dataIndex: 'storeUrl',
      key: 'storeUrl',
      render: (url: string) => (
        <a className={styles.address} href={url} target="_blank" rel="noreferrer noopener" title={url}>
          {url}
        </a>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: 0 | 1) => (
        <Tag color={status === 1 ? 'green' : 'default'}>{ONLINE_STORE_STATUS_LABELS[status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, store) => (
        <Button type="link" onClick={() => setEditing(store)} aria-label={`编辑 ${store.storeName}`}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="网店管理" addLabel="新增网店" onReload={list.reload} onAdd={() => setEditing('new')}>
      <Typography.Paragraph type="secondary">
        患者在「在线购药」中只看到已上架的网店，按排序从小到大显示；下架后其链接立即失效。
      </Typography.Paragraph>
      <Table<Store>
        className={styles.table}
        rowKey="storeId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂无网店' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPageNo,
        }}
      />
      <OnlineStoreDialog
        open={editing !== null}
        store={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </ListPage>
  );
}
