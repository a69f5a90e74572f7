// 新增型号 / 编辑型号: every field of a model — type, name, device type, the factory warranty (months
// and its text, 厂方保修), the video address, the manual (a PDF and/or its pages as pictures), the
// icon, the warranty card picture, the remark, display order and 显示 / 隐藏.
import { App, Col, Divider, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { isHttpsUrl } from '@glucoguard/domain';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { DEVICE_TYPE_OPTIONS, type Category, type Product } from './catalogue';
import { ManualField, ManualPagesField, PictureItem, StatusAndSort } from './fields';
import styles from './Catalogue.module.css';

type ProductValues = Schema<'ProductInput'>;

/** The warranty months a model may have (ProductInput.warMonths). */
const WAR_MONTHS_MAX = 120;

function emptyProduct(categoryId: number | undefined): Partial<ProductValues> {
  return {
    categoryId,
    name: '',
    iconUrl: '',
    deviceType: 0,
    warMonths: 12,
    videoUrl: '',
    manualUrl: '',
    manualImages: [],
    remark: '',
    warUrl: '',
    warrantyRemark: '',
    sort: 0,
    status: 1,
  };
}

/** The body of a save: texts trimmed. */
export function productInputOf(values: ProductValues): ProductValues {
  return {
    ...values,
    name: values.name.trim(),
    videoUrl: values.videoUrl.trim(),
    remark: values.remark.trim(),
    warrantyRemark: values.warrantyRemark.trim(),
  };
}

export function ProductDialog({
  open,
  product,
  categories,
  defaultCategoryId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The model to change, or null to add one. */
  product: Product | null;
  categories: readonly Category[];
  /** The type a new model starts in (the one chosen on the page). */
  defaultCategoryId: number | undefined;
  onClose: () => void;
  onSaved: (saved: Product) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductValues>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(product ? { ...product } : emptyProduct(defaultCategoryId));
    }
  }, [open, product, defaultCategoryId, form]);

  const submit = (values: ProductValues) =>
    run(async () => {
      const body = productInputOf(values);
      const saved = product
        ? await api.POST('/console/v1/after-sales/products/{productId}', {
            params: { path: { productId: product.id } },
            body,
          })
        : await api.POST('/console/v1/after-sales/products', { body });
      void message.success(product ? '型号已保存' : `已新增型号 ${saved.name}`);
      onSaved(saved);
    });

  return (
    <SaveDialog
      title={product ? `编辑型号：${product.name}` : '新增型号'}
      open={open}
      width={880}
      tall
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<ProductValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Divider titlePlacement="start" className={styles.section}>
          基本信息
        </Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="产品类型" name="categoryId" rules={[{ required: true, message: '请选择产品类型' }]}>
              <Select
                aria-label="产品类型"
                placeholder="选择产品类型"
                options={categories.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              label="型号名称"
              name="name"
              rules={[{ required: true, whitespace: true, max: 30, message: '型号名称为1到30个字' }]}
            >
              <Input maxLength={30} showCount placeholder="如：糖护 4G 血糖仪 G1" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="设备类型" name="deviceType" rules={[{ required: true, message: '请选择设备类型' }]}>
              <Select aria-label="设备类型" options={DEVICE_TYPE_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <PictureItem name="iconUrl" label="型号图片" extra="正方形，型号列表和我的产品中显示" />
          </Col>
          <Col span={8}>
            <PictureItem name="warUrl" label="保修卡图片" />
          </Col>
          <StatusAndSort span={4} />
        </Row>

        <Divider titlePlacement="start" className={styles.section}>
          厂方保修
        </Divider>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item
              label="保修期"
              name="warMonths"
              rules={[{ required: true, type: 'integer', min: 0, max: WAR_MONTHS_MAX, message: '保修月数为0到120' }]}
              extra="自收货之日起计算"
            >
              <InputNumber className={styles.wide} min={0} max={WAR_MONTHS_MAX} precision={0} suffix="个月" />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item
              label="保修说明（厂方保修页显示）"
              name="warrantyRemark"
              rules={[{ max: 2000, message: '保修说明最多2000个字' }]}
            >
              <Input.TextArea
                rows={4}
                maxLength={2000}
                showCount
                placeholder="如：自收货之日起12个月内，非人为损坏的质量问题免费维修；无有效购买凭证的，按出厂日期加1个月计算。"
              />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" className={styles.section}>
          视频与说明书
        </Divider>
        <Form.Item
          label="使用视频地址"
          name="videoUrl"
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || isHttpsUrl(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('视频地址须为https地址')),
            },
          ]}
        >
          <Input maxLength={500} placeholder="https://…（留空则不显示视频）" />
        </Form.Item>
        <Form.Item label="说明书（PDF，20MB以内）" name="manualUrl">
          <ManualField />
        </Form.Item>
        <Form.Item
          label="说明书页面图片"
          name="manualImages"
          extra={
            <Typography.Text type="secondary">
              按页顺序上传，多选时按文件名排序；患者在「说明书」中逐页查看。
            </Typography.Text>
          }
        >
          <ManualPagesField />
        </Form.Item>
        <Form.Item label="备注（产品详情页显示）" name="remark" rules={[{ max: 2000, message: '备注最多2000个字' }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
