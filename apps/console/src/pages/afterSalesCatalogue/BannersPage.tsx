// 售后轮播图 (operator, admin): the service centre's banners of each brand's product code — picture,
// title, where a tap leads (an in-app path or an allowed https page, the domain's bannerTarget),
// order and 显示 / 隐藏. Added and changed in a dialog; hidden rather than deleted.
import { App, AutoComplete, Button, Col, Form, Image, Input, Row, Segmented, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { bannerTarget } from '@glucoguard/domain';
import { api } from '../../api';
import { ListPage } from '../../ListPage';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { imageSrc } from '../goods/goodsImages';
import type { Banner } from './catalogue';
import { PictureItem, StatusAndSort, StatusTag } from './fields';
import styles from './Catalogue.module.css';

type BannerInput = Schema<'BannerInput'>;

const PRODUCT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** What a tap on the banner does, in words. */
export function targetText(hrefUrl: string): string {
  const target = bannerTarget(hrefUrl);
  switch (target.kind) {
    case 'route':
      return `打开 ${target.to}`;
    case 'external':
      return `打开 ${target.url}`;
    case 'none':
      return hrefUrl ? '链接无效，不可点击' : '不可点击';
  }
}

function BannerDialog({
  open,
  banner,
  productCode,
  codes,
  onClose,
  onSaved,
}: {
  open: boolean;
  banner: Banner | null;
  productCode: string | undefined;
  /** The product codes in use, offered while typing. */
  codes: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BannerInput>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(
        banner ?? { productCode: productCode ?? '', imgUrl: '', hrefUrl: '', title: '', sort: 0, status: 1 },
      );
    }
  }, [open, banner, productCode, form]);

  const submit = (values: BannerInput) =>
    run(async () => {
      const body: BannerInput = {
        ...values,
        productCode: values.productCode.trim(),
        title: values.title.trim(),
        hrefUrl: values.hrefUrl.trim(),
      };
      if (banner) {
        await api.POST('/console/v1/after-sales/banners/{bannerId}', {
          params: { path: { bannerId: banner.bannerId } },
          body,
        });
      } else {
        await api.POST('/console/v1/after-sales/banners', { body });
      }
      void message.success(banner ? '轮播图已保存' : '已新增轮播图');
      onSaved();
    });

  return (
    <SaveDialog
      title={banner ? '编辑轮播图' : '新增轮播图'}
      open={open}
      width={640}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<BannerInput> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="产品编码（品牌）"
              name="productCode"
              rules={[{ required: true, pattern: PRODUCT_CODE, message: '产品编码为1到32位字母、数字、-或_' }]}
            >
              <AutoComplete
                aria-label="产品编码"
                maxLength={32}
                options={codes.map((code) => ({ value: code }))}
                placeholder="选择或输入产品编码"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="标题" name="title" rules={[{ max: 50, message: '标题最多50个字' }]}>
              <Input maxLength={50} showCount />
            </Form.Item>
          </Col>
        </Row>
        <PictureItem name="imgUrl" label="横幅图片" extra="建议 750×300" />
        <Form.Item
          label="点击后打开"
          name="hrefUrl"
          extra="站内路径（如 /repairFilling）或允许的 https 地址；留空则不可点击"
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || bannerTarget(value).kind !== 'none'
                  ? Promise.resolve()
                  : Promise.reject(new Error('请填写站内路径或允许的https地址')),
            },
          ]}
        >
          <Input maxLength={500} placeholder="/servicePolicy" />
        </Form.Item>
        <Row gutter={16}>
          <StatusAndSort span={12} />
        </Row>
      </Form>
    </SaveDialog>
  );
}

export default function BannersPage() {
  const [productCode, setProductCode] = useState<string>();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const all = useConsoleData(async (signal) => (await api.GET('/console/v1/after-sales/banners', { signal })).items);
  const codes = [...new Set((all.data ?? []).map((b) => b.productCode))].sort();
  const shown = (all.data ?? []).filter((b) => productCode === undefined || b.productCode === productCode);

  const columns: TableColumnsType<Banner> = [
    {
      title: '图片',
      key: 'imgUrl',
      render: (_value, banner) => (
        <Image src={imageSrc(banner.imgUrl)} alt={banner.title} width={200} height={80} className={styles.icon} />
      ),
    },
    {
      title: '标题',
      key: 'title',
      render: (_value, banner) => (
        <div className={styles.twoLines}>
          <span>{banner.title || '（无标题）'}</span>
          <Typography.Text type="secondary">产品编码 {banner.productCode}</Typography.Text>
        </div>
      ),
    },
    { title: '点击后', key: 'hrefUrl', render: (_value, banner) => targetText(banner.hrefUrl) },
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    { title: '状态', key: 'status', render: (_value, banner) => <StatusTag status={banner.status} /> },
    {
      title: '操作',
      key: 'actions',
      render: (_value, banner) => (
        <Button type="link" aria-label={`编辑轮播图 ${banner.title}`} onClick={() => setEditing(banner)}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="售后轮播图" addLabel="新增轮播图" onReload={all.reload} onAdd={() => setEditing('new')}>
      <Space className={styles.filters}>
        <Typography.Text>产品编码：</Typography.Text>
        <Segmented<string>
          aria-label="产品编码"
          value={productCode ?? 'all'}
          options={[{ value: 'all', label: '全部' }, ...codes.map((code) => ({ value: code, label: code }))]}
          onChange={(value) => setProductCode(value === 'all' ? undefined : value)}
        />
      </Space>
      <Table<Banner>
        className={styles.table}
        size="middle"
        rowKey="bannerId"
        columns={columns}
        dataSource={shown}
        loading={all.loading}
        locale={{ emptyText: '暂无轮播图' }}
        pagination={false}
      />
      <BannerDialog
        open={editing !== null}
        banner={editing === 'new' ? null : editing}
        productCode={productCode}
        codes={codes}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          all.reload();
        }}
      />
    </ListPage>
  );
}
