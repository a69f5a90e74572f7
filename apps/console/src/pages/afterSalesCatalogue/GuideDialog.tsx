// 新增指南 / 编辑指南: title, usage guide or common fault, the product type and (optionally) the model
// it belongs to, an icon, and its content — rich text written in the editor, or an https address the
// patient's page opens instead. The editor is loaded only when this dialog first opens.
import { App, Col, Form, Input, Radio, Row, Select, Spin } from 'antd';
import { Suspense, lazy, useEffect } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { isHttpsUrl } from '@glucoguard/domain';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { GUIDE_TYPE_LABELS, useAllProducts, type Category, type Guide, type GuideType } from './catalogue';
import { PictureItem, StatusAndSort } from './fields';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The editor as a Form.Item child: the form's value and onChange reach it through Suspense. */
function ContentEditor(props: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor label="正文" {...props} />
    </Suspense>
  );
}

type GuideInput = Schema<'GuideInput'>;

/** Rich text written here, or an address the page jumps to. */
export type ContentKind = 'html' | 'url';

export interface GuideValues extends Omit<GuideInput, 'productId'> {
  productId: number | undefined;
  contentKind: ContentKind;
}

function valuesOf(guide: Guide | null, categoryId: number | undefined): Partial<GuideValues> {
  if (!guide) {
    return {
      title: '',
      iconUrl: '',
      guideType: 1,
      categoryId,
      productId: undefined,
      content: '',
      contentUrl: '',
      contentKind: 'html',
      sort: 0,
      status: 1,
    };
  }
  return { ...guide, productId: guide.productId ?? undefined, contentKind: guide.contentUrl ? 'url' : 'html' };
}

/** The body of a save: the content of the kind chosen, the other one emptied. */
export function guideInputOf(values: GuideValues): GuideInput {
  const { contentKind, productId, ...rest } = values;
  return {
    ...rest,
    title: values.title.trim(),
    productId: productId ?? null,
    content: contentKind === 'html' ? values.content : '',
    contentUrl: contentKind === 'url' ? values.contentUrl.trim() : '',
  };
}

/** Whether the rich text holds anything to read (text, or a picture or a line). */
export function hasContent(html: string | undefined): boolean {
  const text = (html ?? '')
    .replace(/<(img|hr)\b/gi, 'x<')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ');
  return text.trim().length > 0;
}

export function GuideDialog({
  open,
  guide,
  categories,
  defaultCategoryId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The guide to change, or null to add one. */
  guide: Guide | null;
  categories: readonly Category[];
  defaultCategoryId: number | undefined;
  onClose: () => void;
  onSaved: (saved: Guide) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<GuideValues>();
  const categoryId = Form.useWatch('categoryId', form);
  const contentKind = Form.useWatch('contentKind', form) ?? 'html';
  const models = useAllProducts(categoryId, open && categoryId !== undefined);
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(valuesOf(guide, defaultCategoryId));
    }
  }, [open, guide, defaultCategoryId, form]);

  const submit = (values: GuideValues) =>
    run(async () => {
      const body = guideInputOf(values);
      const saved = guide
        ? await api.POST('/console/v1/after-sales/guides/{guideId}', {
            params: { path: { guideId: guide.guideId } },
            body,
          })
        : await api.POST('/console/v1/after-sales/guides', { body });
      void message.success(guide ? '指南已保存' : `已新增指南 ${saved.title}`);
      onSaved(saved);
    });

  return (
    <SaveDialog
      title={guide ? `编辑指南：${guide.title}` : '新增指南'}
      open={open}
      width={900}
      tall
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<GuideValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item
              label="标题"
              name="title"
              rules={[{ required: true, whitespace: true, max: 50, message: '标题为1到50个字' }]}
            >
              <Input maxLength={50} showCount placeholder="如：第一次使用血糖仪" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item label="类型" name="guideType">
              <Radio.Group
                optionType="button"
                options={([1, 2] as GuideType[]).map((t) => ({ value: t, label: GUIDE_TYPE_LABELS[t] }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="产品类型" name="categoryId" rules={[{ required: true, message: '请选择产品类型' }]}>
              <Select
                aria-label="产品类型"
                placeholder="选择产品类型"
                options={categories.map((c) => ({ value: c.id, label: c.name }))}
                onChange={() => form.setFieldValue('productId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="型号" name="productId" extra="不选则属于整个产品类型">
              <Select
                aria-label="型号"
                allowClear
                placeholder={categoryId ? '全部型号' : '先选择产品类型'}
                disabled={!categoryId}
                loading={models.loading}
                options={(models.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <PictureItem name="iconUrl" label="图标" />
          </Col>
        </Row>
        <Row gutter={16}>
          <StatusAndSort span={8} />
          <Col span={8}>
            <Form.Item label="内容形式" name="contentKind">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'html', label: '图文内容' },
                  { value: 'url', label: '跳转链接' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {contentKind === 'url' ? (
          <Form.Item
            label="跳转地址"
            name="contentUrl"
            extra="患者打开这条指南时直接跳转到该地址"
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  value?.trim() && isHttpsUrl(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error('跳转地址须为https地址')),
              },
            ]}
          >
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        ) : (
          <Form.Item
            label="正文"
            name="content"
            extra="保存时服务器会清理脚本、事件属性、iframe 等不安全内容，保存后显示患者看到的结果。"
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  hasContent(value) ? Promise.resolve() : Promise.reject(new Error('请填写正文')),
              },
            ]}
          >
            <ContentEditor />
          </Form.Item>
        )}
      </Form>
    </SaveDialog>
  );
}
