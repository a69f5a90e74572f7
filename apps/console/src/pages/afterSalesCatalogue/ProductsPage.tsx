// 产品与型号 (operator, admin): the product types (品类) on the left — choosing one lists its models on
// the right — and the models with their device type, warranty, video and manual. Types and models are
// added and changed in dialogs and hidden rather than deleted; every change is audited by the API.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Image, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { api } from '../../api';
import { KeywordSearch, ListPage, serverPagination } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { imageSrc } from '../goods/goodsImages';
import { DEVICE_TYPE_LABELS, categoryName, useCategories, type Category, type Product } from './catalogue';
import { CategoryDialog } from './CategoryDialog';
import { StatusTag } from './fields';
import { ProductDialog } from './ProductDialog';
import styles from './Catalogue.module.css';

const PAGE_SIZE = 10;

function Icon({ path }: { path: string }) {
  return path ? (
    <Image src={imageSrc(path)} alt="" width={44} height={44} className={styles.icon} preview={false} />
  ) : (
    <span className={styles.icon} />
  );
}

export default function ProductsPage() {
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState<number>();
  const [name, setName] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [editingCategory, setEditingCategory] = useState<Category | 'new' | null>(null);
  const [editingProduct, setEditingProduct] = useState<Product | 'new' | null>(null);
  const products = useConsoleData(
    (signal) =>
      api.GET('/console/v1/after-sales/products', {
        params: { query: { categoryId, name, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [categoryId, name, pageNo],
  );

  const chooseCategory = (id: number | undefined) => {
    setCategoryId(id);
    setPageNo(1);
  };

  const categoryColumns: TableColumnsType<Category> = [
    {
      title: '产品类型',
      key: 'name',
      render: (_value, category) => (
        <div className={styles.nameCell}>
          <Icon path={category.iconUrl} />
          <span>{category.name}</span>
        </div>
      ),
    },
    { title: '状态', key: 'status', render: (_value, category) => <StatusTag status={category.status} /> },
    {
      title: '操作',
      key: 'actions',
      render: (_value, category) => (
        <Button
          type="link"
          aria-label={`编辑类型 ${category.name}`}
          onClick={(event) => {
            event.stopPropagation();
            setEditingCategory(category);
          }}
        >
          编辑
        </Button>
      ),
    },
  ];

  const productColumns: TableColumnsType<Product> = [
    {
      title: '型号',
      key: 'name',
      render: (_value, product) => (
        <div className={styles.nameCell}>
          <Icon path={product.iconUrl} />
          <div className={styles.twoLines}>
            <span className={styles.clip} title={product.name}>
              {product.name}
            </span>
            <span>
              <Typography.Text type="secondary">
                {product.categoryName || categoryName(categories.data, product.categoryId)}
              </Typography.Text>{' '}
              <StatusTag status={product.status} />
            </span>
          </div>
        </div>
      ),
    },
    {
      title: '设备类型',
      key: 'deviceType',
      render: (_value, product) => DEVICE_TYPE_LABELS[product.deviceType as keyof typeof DEVICE_TYPE_LABELS] ?? '—',
    },
    { title: '保修期', key: 'warMonths', render: (_value, product) => `${product.warMonths} 个月` },
    {
      title: '视频与说明书',
      width: 170,
      key: 'media',
      render: (_value, product) => (
        <Space size={4} wrap>
          {product.videoUrl ? <Tag color="blue">视频</Tag> : null}
          {product.manualUrl ? <Tag color="purple">PDF说明书</Tag> : null}
          {product.manualImages.length > 0 ? <Tag color="cyan">说明书 {product.manualImages.length} 页</Tag> : null}
          {!product.videoUrl && !product.manualUrl && product.manualImages.length === 0 ? (
            <Typography.Text type="secondary">暂无</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, product) => (
        <Button type="link" aria-label={`编辑型号 ${product.name}`} onClick={() => setEditingProduct(product)}>
          编辑
        </Button>
      ),
    },
  ];

  const chosen = categories.data?.find((c) => c.id === categoryId);

  return (
    <ListPage
      title="产品与型号"
      addLabel="新增型号"
      onReload={() => {
        categories.reload();
        products.reload();
      }}
      onAdd={() => setEditingProduct('new')}
    >
      <div className={styles.columns}>
        <Card
          size="small"
          title="产品类型"
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditingCategory('new')}>
              新增类型
            </Button>
          }
        >
          <Table<Category>
            size="small"
            rowKey="id"
            columns={categoryColumns}
            dataSource={categories.data ?? []}
            loading={categories.loading}
            pagination={false}
            locale={{ emptyText: '暂无产品类型' }}
            rowClassName={(category) => (category.id === categoryId ? (styles.selectedRow ?? '') : '')}
            onRow={(category) => ({
              onClick: () => chooseCategory(category.id === categoryId ? undefined : category.id),
              'aria-selected': category.id === categoryId,
            })}
          />
          <Typography.Paragraph type="secondary" className={styles.hint}>
            点击一个类型只看它的型号，再点一次看全部。
          </Typography.Paragraph>
        </Card>
        <div>
          <Space className={styles.filters} wrap>
            <Typography.Text strong>{chosen ? `${chosen.name}的型号` : '全部型号'}</Typography.Text>
            <KeywordSearch
              className={styles.keyword}
              label="型号名称"
              maxLength={20}
              onSearch={(keyword) => {
                setName(keyword);
                setPageNo(1);
              }}
            />
          </Space>
          <Table<Product>
            className={styles.table}
            size="middle"
            rowKey="id"
            columns={productColumns}
            dataSource={products.data?.items ?? []}
            loading={products.loading}
            locale={{ emptyText: '暂无型号' }}
            scroll={{ x: 'max-content' }}
            pagination={serverPagination({
              pageNo,
              pageSize: PAGE_SIZE,
              total: products.data?.totalNum ?? 0,
              unit: '个型号',
              onChange: setPageNo,
            })}
          />
        </div>
      </div>
      <CategoryDialog
        open={editingCategory !== null}
        category={editingCategory === 'new' ? null : editingCategory}
        onClose={() => setEditingCategory(null)}
        onSaved={() => {
          setEditingCategory(null);
          categories.reload();
          products.reload();
        }}
      />
      <ProductDialog
        open={editingProduct !== null}
        product={editingProduct === 'new' ? null : editingProduct}
        categories={categories.data ?? []}
        defaultCategoryId={categoryId}
        onClose={() => setEditingProduct(null)}
        onSaved={() => {
          setEditingProduct(null);
          products.reload();
        }}
      />
    </ListPage>
  );
}
