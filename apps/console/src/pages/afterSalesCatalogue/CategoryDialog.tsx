// 新增产品类型 / 编辑产品类型: name, icon, display order and 显示 / 隐藏 (nothing is deleted: a hidden
// type leaves the patients' lists and the repair form's 品类 picker).
import { App, Form, Input, Row } from 'antd';
import { useEffect } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import type { Category } from './catalogue';
import { PictureItem, StatusAndSort } from './fields';

type CategoryValues = Schema<'ProductCategoryInput'>;

const EMPTY: CategoryValues = { name: '', iconUrl: '', sort: 0, status: 1 };

export function CategoryDialog({
  open,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The type to change, or null to add one. */
  category: Category | null;
  onClose: () => void;
  onSaved: (saved: Category) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CategoryValues>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(category ? { ...category } : EMPTY);
    }
  }, [open, category, form]);

  const submit = (values: CategoryValues) =>
    run(async () => {
      const body: CategoryValues = { ...values, name: values.name.trim() };
      const saved = category
        ? await api.POST('/console/v1/after-sales/categories/{categoryId}', {
            params: { path: { categoryId: category.id } },
            body,
          })
        : await api.POST('/console/v1/after-sales/categories', { body });
      void message.success(category ? '产品类型已保存' : `已新增产品类型 ${saved.name}`);
      onSaved(saved);
    });

  return (
    <SaveDialog
      title={category ? `编辑产品类型：${category.name}` : '新增产品类型'}
      open={open}
      width={560}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<CategoryValues> form={form} layout="vertical" initialValues={EMPTY} onFinish={(v) => void submit(v)}>
        <Form.Item
          label="类型名称"
          name="name"
          rules={[{ required: true, whitespace: true, max: 20, message: '品类名称为1到20个字' }]}
        >
          <Input maxLength={20} showCount placeholder="如：血糖仪" />
        </Form.Item>
        <PictureItem name="iconUrl" label="图标" extra="正方形图片，患者的产品类型列表中显示" />
        <Row gutter={16}>
          <StatusAndSort span={12} />
        </Row>
      </Form>
    </SaveDialog>
  );
}
