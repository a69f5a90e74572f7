// 商品管理 (operator, admin): the mall's goods on and off shelf, by name or code, mall, category,
// shelf status and sales mode; add or change one (every field, pictures uploaded as they are picked),
// 入库 / 出库, 上架 / 下架, and the 热销 and 推荐 marks. Every change is audited by the API
// (docs/adr/0192-goods-management-in-the-console.md).
import { App, Button, Image, Input, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  SALES_MODES,
  goodsOriginPriceText,
  goodsPriceText,
  isGoodsOnSale,
  postageText,
  type SalesMode,
} from '@glucoguard/domain';
import { api } from '../../api';
import { ListPage } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { GoodsDialog } from './GoodsDialog';
import { GoodsStockDialog } from './GoodsStockDialog';
import { GOODS_KIND_LABELS, GOODS_STATUS_LABELS, SALES_MODE_LABELS, goodsValuesOf, type Goods } from './goodsForm';
import { imageSrc, splitImages } from './goodsImages';
import { categoriesOf, useShelves } from './shelves';
import styles from './GoodsPage.module.css';

const PAGE_SIZE = 10;

interface Filter {
  keyword?: string;
  containerId?: number;
  categoryId?: number;
  status?: 0 | 1;
  salesMode?: SalesMode;
}

export default function GoodsPage() {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<Filter>({});
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<Goods | 'new' | null>(null);
  const [stocking, setStocking] = useState<Goods | null>(null);
  const [acting, setActing] = useState<number | null>(null);
  const shelves = useShelves();
  const list = useConsoleData(
    (signal) => api.GET('/console/v1/goods', { params: { query: { ...filter, pageNo, pageSize: PAGE_SIZE } }, signal }),
    [filter, pageNo],
  );

  const narrow = (change: Filter) => {
    setFilter((old) => ({ ...old, ...change }));
    setPageNo(1);
  };

  const containerName = (containerId: number) =>
    shelves.data?.containers.find((c) => c.containerId === containerId)?.containerName ?? '';

  /** Runs one row action (shelf, marks), then shows its outcome and reloads the page. */
  const act = async (goods: Goods, action: () => Promise<unknown>, done: string) => {
    setActing(goods.goodsId);
    try {
      await action();
      void message.success(done);
      list.reload();
    } catch (failure) {
      list.fail(failure);
    } finally {
      setActing(null);
    }
  };

  const setShelf = (goods: Goods, status: 0 | 1) =>
    act(
      goods,
      () =>
        api.POST('/console/v1/goods/{goodsId}/shelf', {
          params: { path: { goodsId: goods.goodsId } },
          body: { status },
        }),
      status === 1 ? `已上架 ${goods.goodsName}` : `已下架 ${goods.goodsName}`,
    );

  const setFlag = (goods: Goods, flag: 'hot' | 'recommend', on: boolean) =>
    act(
      goods,
      () =>
        api.POST('/console/v1/goods/{goodsId}/flags', {
          params: { path: { goodsId: goods.goodsId } },
          body: { [flag]: on ? 1 : 0 },
        }),
      `${flag === 'hot' ? '热销' : '推荐'}已${on ? '开启' : '关闭'}`,
    );

  const columns: TableColumnsType<Goods> = [
    {
      title: '商品',
      key: 'goods',
      render: (_value, goods) => {
        const icon = splitImages(goods.iconUrl)[0] ?? splitImages(goods.goodsUrl)[0];
        const { kind } = goodsValuesOf(goods);
        return (
          <div className={styles.goodsCell}>
            {icon ? (
              <Image src={imageSrc(icon)} alt="" width={48} height={48} className={styles.goodsIcon} preview={false} />
            ) : (
              <span className={styles.goodsIcon} />
            )}
            <div className={styles.twoLines}>
              <span className={styles.name} title={goods.goodsName}>
                {goods.goodsName}
              </span>
              <span>
                <Typography.Text type="secondary">{goods.goodsCode}</Typography.Text>
                {kind !== 'plain' && (
                  <Tag className={styles.kind} color={kind === 'service' ? 'purple' : 'cyan'}>
                    {GOODS_KIND_LABELS[kind]} {goods.packageMonths}个月
                  </Tag>
                )}
              </span>
            </div>
          </div>
        );
      },
    },
    {
      title: '分类',
      key: 'shelf',
      render: (_value, goods) => (
        <div className={styles.twoLines}>
          <span>{goods.categoryName}</span>
          <Typography.Text type="secondary">{containerName(goods.containerId)}</Typography.Text>
        </div>
      ),
    },
    {
      title: '价格',
      key: 'price',
      render: (_value, goods) => {
        const origin = goodsOriginPriceText(goods);
        return (
          <div className={styles.twoLines}>
            <span>{goodsPriceText(goods)}</span>
            <Typography.Text type="secondary">
              {origin && (
                <>
                  <Typography.Text delete type="secondary">
                    {origin}
                  </Typography.Text>{' '}
                </>
              )}
              {postageText(goods.postage)}
            </Typography.Text>
          </div>
        );
      },
    },
    {
      title: '库存',
      dataIndex: 'stock',
      key: 'stock',
      render: (stock: number) => (stock === 0 ? <Tag color="red">缺货</Tag> : `${stock} 件`),
    },
    {
      title: '热销',
      key: 'hot',
      render: (_value, goods) => (
        <Switch
          size="small"
          checked={goods.hot === 1}
          loading={acting === goods.goodsId}
          aria-label={`热销 ${goods.goodsName}`}
          onChange={(on) => void setFlag(goods, 'hot', on)}
        />
      ),
    },
    {
      title: '推荐',
      key: 'recommend',
      render: (_value, goods) => (
        <Switch
          size="small"
          checked={goods.recommend === 1}
          loading={acting === goods.goodsId}
          aria-label={`推荐 ${goods.goodsName}`}
          onChange={(on) => void setFlag(goods, 'recommend', on)}
        />
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_value, goods) => (
        <Tag color={isGoodsOnSale(goods) ? 'green' : 'default'}>{GOODS_STATUS_LABELS[goods.status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, goods) => (
        <Space size={0} className={styles.actions}>
          <Button type="link" onClick={() => setEditing(goods)} aria-label={`编辑 ${goods.goodsName}`}>
            编辑
          </Button>
          <Button type="link" onClick={() => setStocking(goods)} aria-label={`库存 ${goods.goodsName}`}>
            库存
          </Button>
          {isGoodsOnSale(goods) ? (
            <Popconfirm
              title={`下架「${goods.goodsName}」？`}
              description="下架后患者在商城中看不到它，详情页显示商品已下架；已下的订单不受影响。"
              okText="下架"
              cancelText="取消"
              onConfirm={() => void setShelf(goods, 0)}
            >
              <Button type="link" danger aria-label={`下架 ${goods.goodsName}`} disabled={acting === goods.goodsId}>
                下架
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="link"
              aria-label={`上架 ${goods.goodsName}`}
              disabled={acting === goods.goodsId}
              onClick={() => void setShelf(goods, 1)}
            >
              上架
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title="商品管理" addLabel="新增商品" onReload={list.reload} onAdd={() => setEditing('new')}>
      <Space className={styles.filters} wrap>
        <Input.Search
          className={styles.keyword}
          allowClear
          enterButton="搜索"
          placeholder="商品名称或编码"
          aria-label="商品名称或编码"
          onSearch={(text) => narrow({ keyword: text.trim() || undefined })}
        />
        <Select<number | 'all'>
          className={styles.select}
          aria-label="商城"
          value={filter.containerId ?? 'all'}
          options={[
            { value: 'all', label: '全部商城' },
            ...(shelves.data?.containers ?? []).map((c) => ({ value: c.containerId, label: c.containerName })),
          ]}
          onChange={(value) => narrow({ containerId: value === 'all' ? undefined : value, categoryId: undefined })}
        />
        <Select<number | 'all'>
          className={styles.select}
          aria-label="分类"
          value={filter.categoryId ?? 'all'}
          options={[
            { value: 'all', label: '全部分类' },
            ...categoriesOf(shelves.data, filter.containerId).map((c) => ({
              value: c.categoryId,
              label: c.categoryName,
            })),
          ]}
          onChange={(value) => narrow({ categoryId: value === 'all' ? undefined : value })}
        />
        <Select<0 | 1 | 'all'>
          className={styles.select}
          aria-label="上架状态"
          defaultValue="all"
          options={[
            { value: 'all', label: '全部状态' },
            { value: 1, label: GOODS_STATUS_LABELS[1] },
            { value: 0, label: GOODS_STATUS_LABELS[0] },
          ]}
          onChange={(value) => narrow({ status: value === 'all' ? undefined : value })}
        />
        <Select<SalesMode | 'all'>
          className={styles.select}
          aria-label="支付方式"
          defaultValue="all"
          options={[
            { value: 'all', label: '全部支付方式' },
            ...SALES_MODES.map((mode) => ({ value: mode, label: SALES_MODE_LABELS[mode] })),
          ]}
          onChange={(value) => narrow({ salesMode: value === 'all' ? undefined : value })}
        />
      </Space>
      <Table<Goods>
        className={styles.table}
        size="middle"
        rowKey="goodsId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂无商品' }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 件商品`,
          onChange: setPageNo,
        }}
      />
      <GoodsDialog
        open={editing !== null}
        goods={editing === 'new' ? null : editing}
        shelves={shelves.data}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <GoodsStockDialog
        goods={stocking}
        onClose={() => setStocking(null)}
        onSaved={() => {
          setStocking(null);
          list.reload();
        }}
      />
    </ListPage>
  );
}
