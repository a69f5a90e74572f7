// 保障与凭证 (operator, admin): the guarantee platforms (the tabs of the patients' guarantee list) and,
// for the chosen one, its items — icon, name, the rich-text description (sanitised by the API) and the
// credential picture. Both are added and changed in dialogs and hidden rather than deleted.
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Image, Input, Row, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListPage } from '../../ListPage';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { imageSrc } from '../goods/goodsImages';
import type { Guarantee, Platform } from './catalogue';
import { PictureItem, StatusAndSort, StatusTag } from './fields';
import styles from './Catalogue.module.css';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

type PlatformInput = Schema<'GuaranteePlatformInput'>;
type GuaranteeInput = Schema<'GuaranteeInput'>;

function DescriptionEditor(props: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={null}>
      <RichTextEditor label="保障说明" {...props} />
    </Suspense>
  );
}

function PlatformDialog({
  open,
  platform,
  onClose,
  onSaved,
}: {
  open: boolean;
  platform: Platform | null;
  onClose: () => void;
  onSaved: (saved: Platform) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PlatformInput>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(platform ?? { name: '', sort: 0, status: 1 });
    }
  }, [open, platform, form]);

  const submit = (values: PlatformInput) =>
    run(async () => {
      const body = { ...values, name: values.name.trim() };
      const saved = platform
        ? await api.POST('/console/v1/after-sales/platforms/{platformId}', {
            params: { path: { platformId: platform.id } },
            body,
          })
        : await api.POST('/console/v1/after-sales/platforms', { body });
      void message.success(platform ? '平台已保存' : `已新增平台 ${saved.name}`);
      onSaved(saved);
    });

  return (
    <SaveDialog
      title={platform ? `编辑平台：${platform.name}` : '新增平台'}
      open={open}
      width={520}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<PlatformInput> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          label="平台名称"
          name="name"
          rules={[{ required: true, whitespace: true, max: 20, message: '平台名称为1到20个字' }]}
        >
          <Input maxLength={20} showCount placeholder="如：京东" />
        </Form.Item>
        <Row gutter={16}>
          <StatusAndSort span={12} />
        </Row>
      </Form>
    </SaveDialog>
  );
}

function GuaranteeDialog({
  open,
  guarantee,
  platforms,
  platformId,
  onClose,
  onSaved,
}: {
  open: boolean;
  guarantee: Guarantee | null;
  platforms: readonly Platform[];
  platformId: number | undefined;
  onClose: () => void;
  onSaved: (saved: Guarantee) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<GuaranteeInput>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(
        guarantee ?? { platformId, name: '', iconUrl: '', content: '', credentialUrl: '', sort: 0, status: 1 },
      );
    }
  }, [open, guarantee, platformId, form]);

  const submit = (values: GuaranteeInput) =>
    run(async () => {
      const body = { ...values, name: values.name.trim() };
      const saved = guarantee
        ? await api.POST('/console/v1/after-sales/guarantees/{guaranteeId}', {
            params: { path: { guaranteeId: guarantee.id } },
            body,
          })
        : await api.POST('/console/v1/after-sales/guarantees', { body });
      void message.success(guarantee ? '保障项目已保存' : `已新增保障项目 ${saved.name}`);
      onSaved(saved);
    });

  return (
    <SaveDialog
      title={guarantee ? `编辑保障项目：${guarantee.name}` : '新增保障项目'}
      open={open}
      width={860}
      tall
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<GuaranteeInput> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="所属平台" name="platformId" rules={[{ required: true, message: '请选择平台' }]}>
              <Select aria-label="所属平台" options={platforms.map((p) => ({ value: p.id, label: p.name }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              label="名称"
              name="name"
              rules={[{ required: true, whitespace: true, max: 30, message: '名称为1到30个字' }]}
            >
              <Input maxLength={30} showCount placeholder="如：京东自营 正品保障" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <PictureItem name="iconUrl" label="图标" />
          </Col>
          <Col span={8}>
            <PictureItem name="credentialUrl" label="凭证图片" extra="患者在凭证页查看的授权书或证书" />
          </Col>
          <StatusAndSort span={4} />
        </Row>
        <Form.Item label="保障说明" name="content" extra="保存时服务器会清理脚本等不安全内容。">
          <DescriptionEditor />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}

export default function GuaranteesPage() {
  const [platformId, setPlatformId] = useState<number>();
  const [editingPlatform, setEditingPlatform] = useState<Platform | 'new' | null>(null);
  const [editingItem, setEditingItem] = useState<Guarantee | 'new' | null>(null);
  const platforms = useConsoleData(
    async (signal) => (await api.GET('/console/v1/after-sales/platforms', { signal })).items,
  );
  const items = useConsoleData(
    async (signal) =>
      (await api.GET('/console/v1/after-sales/guarantees', { params: { query: { platformId } }, signal })).items,
    [platformId],
  );
  const platformName = (id: number) => platforms.data?.find((p) => p.id === id)?.name ?? '';

  const platformColumns: TableColumnsType<Platform> = [
    { title: '平台', dataIndex: 'name', key: 'name' },
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    { title: '状态', key: 'status', render: (_value, platform) => <StatusTag status={platform.status} /> },
    {
      title: '操作',
      key: 'actions',
      render: (_value, platform) => (
        <Button
          type="link"
          aria-label={`编辑平台 ${platform.name}`}
          onClick={(event) => {
            event.stopPropagation();
            setEditingPlatform(platform);
          }}
        >
          编辑
        </Button>
      ),
    },
  ];

  const itemColumns: TableColumnsType<Guarantee> = [
    {
      title: '保障项目',
      key: 'name',
      render: (_value, item) => (
        <div className={styles.nameCell}>
          {item.iconUrl ? (
            <Image src={imageSrc(item.iconUrl)} alt="" width={44} height={44} className={styles.icon} preview={false} />
          ) : (
            <span className={styles.icon} />
          )}
          <div className={styles.twoLines}>
            <span>{item.name}</span>
            <Typography.Text type="secondary">{platformName(item.platformId)}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: '凭证',
      key: 'credentialUrl',
      render: (_value, item) =>
        item.credentialUrl ? (
          <Image src={imageSrc(item.credentialUrl)} alt={`${item.name} 凭证`} width={60} height={60} />
        ) : (
          <Typography.Text type="secondary">未上传</Typography.Text>
        ),
    },
    { title: '排序', dataIndex: 'sort', key: 'sort' },
    { title: '状态', key: 'status', render: (_value, item) => <StatusTag status={item.status} /> },
    {
      title: '操作',
      key: 'actions',
      render: (_value, item) => (
        <Button type="link" aria-label={`编辑保障项目 ${item.name}`} onClick={() => setEditingItem(item)}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title="保障与凭证"
      addLabel="新增保障项目"
      onReload={() => {
        platforms.reload();
        items.reload();
      }}
      onAdd={() => setEditingItem('new')}
    >
      <div className={styles.columns}>
        <Card
          size="small"
          title="平台"
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditingPlatform('new')}>
              新增平台
            </Button>
          }
        >
          <Table<Platform>
            size="small"
            rowKey="id"
            columns={platformColumns}
            dataSource={platforms.data ?? []}
            loading={platforms.loading}
            pagination={false}
            locale={{ emptyText: '暂无平台' }}
            rowClassName={(platform) => (platform.id === platformId ? (styles.selectedRow ?? '') : '')}
            onRow={(platform) => ({
              onClick: () => setPlatformId(platform.id === platformId ? undefined : platform.id),
              'aria-selected': platform.id === platformId,
            })}
          />
          <Typography.Paragraph type="secondary" className={styles.hint}>
            平台即患者端保障列表顶部的标签；点击一个平台只看它的项目。
          </Typography.Paragraph>
        </Card>
        <div>
          <Space className={styles.filters}>
            <Typography.Text strong>
              {platformId ? `${platformName(platformId)}的保障项目` : '全部保障项目'}
            </Typography.Text>
          </Space>
          <Table<Guarantee>
            className={styles.table}
            size="middle"
            rowKey="id"
            columns={itemColumns}
            dataSource={items.data ?? []}
            loading={items.loading}
            pagination={false}
            locale={{ emptyText: '暂无数据！' }}
          />
        </div>
      </div>
      <PlatformDialog
        open={editingPlatform !== null}
        platform={editingPlatform === 'new' ? null : editingPlatform}
        onClose={() => setEditingPlatform(null)}
        onSaved={() => {
          setEditingPlatform(null);
          platforms.reload();
        }}
      />
      <GuaranteeDialog
        open={editingItem !== null}
        guarantee={editingItem === 'new' ? null : editingItem}
        platforms={platforms.data ?? []}
        platformId={platformId ?? platforms.data?.[0]?.id}
        onClose={() => setEditingItem(null)}
        onSaved={() => {
          setEditingItem(null);
          items.reload();
        }}
      />
    </ListPage>
  );
}
