// 授权门店 (operator, admin): the authorised shops patients find on /authorizationShop, by name,
// province and city; each with its region (picked from the same region data as the pharmacies),
// address, phone and opening hours. Added and changed in a dialog; hidden rather than deleted.
import { App, Button, Cascader, Col, Form, Input, Row, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { KeywordSearch, ListPage, serverPagination } from '../../ListPage';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { regionOptions, type RegionOption } from '../pharmacy/regions';
import type { Shop } from './catalogue';
import { StatusAndSort, StatusTag } from './fields';
import styles from './Catalogue.module.css';

type ShopInput = Schema<'ShopInput'>;

interface ShopValues extends Omit<ShopInput, 'province' | 'city' | 'district'> {
  /** Province, city and (optionally) district, by name. */
  region: string[];
}

const PAGE_SIZE = 10;
const SHOP_PHONE = /^[0-9-]{5,20}$/;

/** The region choices by name (the shop keeps names, not codes). */
function namedRegions(options: RegionOption[]): RegionOption[] {
  return options.map((option) => ({
    value: option.label,
    label: option.label,
    children: option.children ? namedRegions(option.children) : undefined,
  }));
}

/** The body of a save from the form. */
export function shopInputOf(values: ShopValues): ShopInput {
  const { region, ...rest } = values;
  return {
    ...rest,
    name: values.name.trim(),
    address: values.address.trim(),
    phone: values.phone.trim(),
    openHours: values.openHours.trim(),
    province: region[0] ?? '',
    city: region[1] ?? '',
    district: region[2] ?? '',
  };
}

function ShopDialog({
  open,
  shop,
  onClose,
  onSaved,
}: {
  open: boolean;
  shop: Shop | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ShopValues>();
  const { busy, error, setError, run } = useConsoleSubmit();
  const regions = useMemo(() => namedRegions(regionOptions()), []);

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(
        shop
          ? { ...shop, region: [shop.province, shop.city, shop.district].filter((part) => part !== '') }
          : { name: '', region: [], address: '', phone: '', openHours: '09:00-18:00', sort: 0, status: 1 },
      );
    }
  }, [open, shop, form]);

  const submit = (values: ShopValues) =>
    run(async () => {
      const body = shopInputOf(values);
      if (shop) {
        await api.POST('/console/v1/after-sales/shops/{shopId}', { params: { path: { shopId: shop.shopId } }, body });
      } else {
        await api.POST('/console/v1/after-sales/shops', { body });
      }
      void message.success(shop ? '门店已保存' : `已新增门店 ${body.name}`);
      onSaved();
    });

  return (
    <SaveDialog
      title={shop ? `编辑门店：${shop.name}` : '新增授权门店'}
      open={open}
      width={680}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<ShopValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          label="门店名称"
          name="name"
          rules={[{ required: true, whitespace: true, max: 40, message: '门店名称为1到40个字' }]}
        >
          <Input maxLength={40} showCount placeholder="如：糖护授权服务中心（徐汇店）" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="所在地区"
              name="region"
              rules={[{ required: true, type: 'array', min: 2, message: '请选择省份和城市' }]}
            >
              <Cascader options={regions} placeholder="省 / 市 / 区" showSearch changeOnSelect aria-label="所在地区" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="联系电话"
              name="phone"
              rules={[
                {
                  required: true,
                  pattern: SHOP_PHONE,
                  transform: (v: string) => v.trim(),
                  message: '请输入正确的联系电话',
                },
              ]}
            >
              <Input maxLength={20} placeholder="如：021-64001234" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="详细地址"
          name="address"
          rules={[{ required: true, whitespace: true, max: 100, message: '请输入门店地址' }]}
        >
          <Input maxLength={100} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="营业时间" name="openHours" rules={[{ max: 30, message: '营业时间最多30个字' }]}>
              <Input maxLength={30} placeholder="09:00-18:00" />
            </Form.Item>
          </Col>
          <StatusAndSort span={8} />
        </Row>
      </Form>
    </SaveDialog>
  );
}

interface Filter {
  name?: string;
  province?: string;
  city?: string;
}

export default function ShopsPage() {
  const [filter, setFilter] = useState<Filter>({});
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<Shop | 'new' | null>(null);
  const regions = useMemo(
    () =>
      namedRegions(regionOptions()).map(({ value, label, children }) => ({
        value,
        label,
        children: children?.map((city) => ({ value: city.value, label: city.label })),
      })),
    [],
  );
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/after-sales/shops', {
        params: { query: { ...filter, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [filter, pageNo],
  );

  const narrow = (change: Filter) => {
    setFilter((old) => ({ ...old, ...change }));
    setPageNo(1);
  };

  const columns: TableColumnsType<Shop> = [
    { title: '门店', dataIndex: 'name', key: 'name' },
    {
      title: '地址',
      key: 'address',
      render: (_value, shop) => (
        <div className={styles.twoLines}>
          <span>{[shop.province, shop.city, shop.district].filter(Boolean).join(' ')}</span>
          <Typography.Text type="secondary" className={styles.clip} title={shop.address}>
            {shop.address}
          </Typography.Text>
        </div>
      ),
    },
    { title: '电话', dataIndex: 'phone', key: 'phone' },
    { title: '营业时间', dataIndex: 'openHours', key: 'openHours' },
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    { title: '状态', key: 'status', render: (_value, shop) => <StatusTag status={shop.status} /> },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, shop) => (
        <Button type="link" aria-label={`编辑门店 ${shop.name}`} onClick={() => setEditing(shop)}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="授权门店" addLabel="新增门店" onReload={list.reload} onAdd={() => setEditing('new')}>
      <Space className={styles.filters} wrap>
        <KeywordSearch
          className={styles.keyword}
          label="门店名称"
          maxLength={20}
          onSearch={(keyword) => narrow({ name: keyword })}
        />
        <Cascader
          className={styles.select}
          options={regions}
          changeOnSelect
          allowClear
          placeholder="全部地区"
          aria-label="地区"
          onChange={(value) => {
            const [province, city] = value ?? [];
            narrow({ province, city });
          }}
        />
      </Space>
      <Table<Shop>
        className={styles.table}
        size="middle"
        rowKey="shopId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂无门店' }}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination({
          pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.totalNum ?? 0,
          unit: '家门店',
          onChange: setPageNo,
        })}
      />
      <ShopDialog
        open={editing !== null}
        shop={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </ListPage>
  );
}
