// 使用指南 (operator, admin): the usage guides and common faults of every product type and model, by
// type, product type and title; each written in the rich-text editor (or pointing to an https page),
// saved through the API — which sanitises it — and then shown as stored, in a sandboxed frame.
import { Button, Image, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { api } from '../../api';
import { KeywordSearch, ListPage, serverPagination } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { imageSrc } from '../goods/goodsImages';
import {
  GUIDE_TYPE_LABELS,
  categoryName,
  useAllProducts,
  useCategories,
  type Guide,
  type GuideType,
} from './catalogue';
import { StatusTag } from './fields';
import { GuideDialog } from './GuideDialog';
import { GuidePreview } from './GuidePreview';
import styles from './Catalogue.module.css';

const PAGE_SIZE = 10;

interface Filter {
  guideType?: GuideType;
  categoryId?: number;
  title?: string;
}

/** How much rich text a guide holds, in characters of text. */
function textLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').length;
}

export default function GuidesPage() {
  const categories = useCategories();
  const products = useAllProducts();
  const [filter, setFilter] = useState<Filter>({});
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<Guide | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<{ guide: Guide; justSaved: boolean } | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/after-sales/guides', {
        params: { query: { ...filter, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [filter, pageNo],
  );

  const narrow = (change: Filter) => {
    setFilter((old) => ({ ...old, ...change }));
    setPageNo(1);
  };

  const columns: TableColumnsType<Guide> = [
    {
      title: '标题',
      key: 'title',
      render: (_value, guide) => (
        <div className={styles.nameCell}>
          {guide.iconUrl ? (
            <Image
              src={imageSrc(guide.iconUrl)}
              alt=""
              width={44}
              height={44}
              className={styles.icon}
              preview={false}
            />
          ) : (
            <span className={styles.icon} />
          )}
          <span className={styles.clip} title={guide.title}>
            {guide.title}
          </span>
        </div>
      ),
    },
    {
      title: '类型',
      key: 'guideType',
      render: (_value, guide) => (
        <Tag color={guide.guideType === 1 ? 'blue' : 'orange'}>{GUIDE_TYPE_LABELS[guide.guideType]}</Tag>
      ),
    },
    {
      title: '产品类型 / 型号',
      key: 'product',
      render: (_value, guide) => (
        <div className={styles.twoLines}>
          <span>{categoryName(categories.data, guide.categoryId)}</span>
          <Typography.Text type="secondary">
            {guide.productId === null
              ? '全部型号'
              : (products.data?.find((p) => p.id === guide.productId)?.name ?? `型号 ${guide.productId}`)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '内容',
      key: 'content',
      render: (_value, guide) =>
        guide.contentUrl ? (
          <Typography.Text className={styles.clip} title={guide.contentUrl}>
            跳转：{guide.contentUrl}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">图文 {textLength(guide.content)} 字</Typography.Text>
        ),
    },
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    { title: '状态', key: 'status', render: (_value, guide) => <StatusTag status={guide.status} /> },
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, guide) => (
        <Space size={0}>
          <Button type="link" aria-label={`编辑 ${guide.title}`} onClick={() => setEditing(guide)}>
            编辑
          </Button>
          <Button
            type="link"
            aria-label={`预览 ${guide.title}`}
            onClick={() => setPreviewing({ guide, justSaved: false })}
          >
            预览
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title="使用指南与常见故障" addLabel="新增指南" onReload={list.reload} onAdd={() => setEditing('new')}>
      <Space className={styles.filters} wrap>
        <KeywordSearch
          className={styles.keyword}
          label="标题"
          maxLength={20}
          onSearch={(keyword) => narrow({ title: keyword })}
        />
        <Select<GuideType | 'all'>
          className={styles.select}
          aria-label="指南类型"
          defaultValue="all"
          options={[
            { value: 'all', label: '全部类型' },
            { value: 1, label: GUIDE_TYPE_LABELS[1] },
            { value: 2, label: GUIDE_TYPE_LABELS[2] },
          ]}
          onChange={(value) => narrow({ guideType: value === 'all' ? undefined : value })}
        />
        <Select<number | 'all'>
          className={styles.select}
          aria-label="产品类型"
          defaultValue="all"
          options={[
            { value: 'all', label: '全部产品类型' },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          onChange={(value) => narrow({ categoryId: value === 'all' ? undefined : value })}
        />
      </Space>
      <Table<Guide>
        className={styles.table}
        size="middle"
        rowKey="guideId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂无指南' }}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination({
          pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.totalNum ?? 0,
          unit: '条',
          onChange: setPageNo,
        })}
      />
      <GuideDialog
        open={editing !== null}
        guide={editing === 'new' ? null : editing}
        categories={categories.data ?? []}
        defaultCategoryId={filter.categoryId}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setPreviewing({ guide: saved, justSaved: true });
          list.reload();
        }}
      />
      <GuidePreview
        guide={previewing?.guide ?? null}
        justSaved={previewing?.justSaved ?? false}
        onClose={() => setPreviewing(null)}
      />
    </ListPage>
  );
}
