// 商城与分类 (operator, admin): the mall's containers (商城, e.g. 健康商城) and, for the one chosen,
// its categories (the phone's category grid), each added or changed with its icon, order and
// 显示/隐藏. Nothing is deleted: hiding keeps the goods and their orders.
import { Button, Card, Image, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ListPage } from '../../ListPage';
import { imageSrc, splitImages } from './goodsImages';
import { ShelfDialog, type ShelfTarget } from './ShelfDialog';
import { SHELF_STATUS_LABELS, categoriesOf, useShelves, type Category, type Container } from './shelves';
import styles from './GoodsPage.module.css';

function Icon({ iconUrl }: { iconUrl: string }) {
  const icon = splitImages(iconUrl)[0];
  return icon ? (
    <Image src={imageSrc(icon)} alt="" width={40} height={40} className={styles.goodsIcon} preview={false} />
  ) : (
    <Typography.Text type="secondary">无</Typography.Text>
  );
}

const statusTag = (status: 0 | 1) => (
  <Tag color={status === 1 ? 'green' : 'default'}>{SHELF_STATUS_LABELS[status]}</Tag>
);

export default function ShelvesPage() {
  const shelves = useShelves();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [target, setTarget] = useState<ShelfTarget | null>(null);
  const containers = shelves.data?.containers ?? [];
  const chosen = containers.find((c) => c.containerId === chosenId) ?? containers[0];

  const containerColumns: TableColumnsType<Container> = [
    { title: '图标', key: 'icon', width: 72, render: (_v, c) => <Icon iconUrl={c.iconUrl} /> },
    { title: '商城名称', dataIndex: 'containerName', key: 'name' },
    { title: '说明', dataIndex: 'remark', key: 'remark', render: (remark: string) => remark || '—' },
    {
      title: '分类数',
      key: 'categories',
      render: (_v, c) => `${categoriesOf(shelves.data, c.containerId).length} 个`,
    },
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    { title: '状态', dataIndex: 'status', key: 'status', render: statusTag },
    {
      title: '操作',
      key: 'actions',
      render: (_v, c) => (
        <Button
          type="link"
          aria-label={`编辑 ${c.containerName}`}
          onClick={(event) => {
            event.stopPropagation();
            setTarget({ kind: 'container', container: c });
          }}
        >
          编辑
        </Button>
      ),
    },
  ];

  const categoryColumns: TableColumnsType<Category> = [
    { title: '图标', key: 'icon', width: 72, render: (_v, c) => <Icon iconUrl={c.iconUrl} /> },
    { title: '分类名称', dataIndex: 'categoryName', key: 'name' },
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    { title: '状态', dataIndex: 'status', key: 'status', render: statusTag },
    {
      title: '操作',
      key: 'actions',
      render: (_v, c) => (
        <Button
          type="link"
          aria-label={`编辑 ${c.categoryName}`}
          onClick={() => setTarget({ kind: 'category', containerId: c.containerId, category: c })}
        >
          编辑
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title="商城与分类"
      addLabel="新增商城"
      onReload={shelves.reload}
      onAdd={() => setTarget({ kind: 'container', container: null })}
    >
      <Typography.Paragraph type="secondary">
        点一行商城，在下方管理它的分类。隐藏不会删除商品或订单。
      </Typography.Paragraph>
      <Table<Container>
        className={styles.table}
        rowKey="containerId"
        columns={containerColumns}
        dataSource={containers}
        loading={shelves.loading}
        locale={{ emptyText: '暂无商城' }}
        pagination={false}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen.containerId] : [],
          onChange: ([key]) => setChosenId(typeof key === 'number' ? key : null),
          columnTitle: '选择',
        }}
        onRow={(c) => ({ onClick: () => setChosenId(c.containerId) })}
      />
      {chosen && (
        <Card
          className={styles.categories}
          type="inner"
          title={`「${chosen.containerName}」的分类`}
          extra={
            <Space>
              <Button
                icon={<PlusOutlined />}
                onClick={() => setTarget({ kind: 'category', containerId: chosen.containerId, category: null })}
              >
                新增分类
              </Button>
            </Space>
          }
        >
          <Table<Category>
            className={styles.table}
            rowKey="categoryId"
            columns={categoryColumns}
            dataSource={categoriesOf(shelves.data, chosen.containerId)}
            loading={shelves.loading}
            locale={{ emptyText: '还没有分类' }}
            pagination={false}
          />
        </Card>
      )}
      <ShelfDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          shelves.reload();
        }}
      />
    </ListPage>
  );
}
