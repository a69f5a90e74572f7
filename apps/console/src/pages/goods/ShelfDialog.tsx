// 新增商城 / 编辑商城 and 新增分类 / 编辑分类: a name, an icon, the display order and 显示/隐藏 (a
// container also has a short note). Names are checked with the domain's rule (isShelfNameOk) before
// sending, as the API checks them.
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import { GOODS_LIMITS, GOODS_MESSAGES, isShelfNameOk } from '@glucoguard/domain';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { ImagesField } from './ImagesField';
import { SHELF_STATUS_LABELS, uploadGoodsImage, type Category, type Container } from './shelves';
import { splitImages } from './goodsImages';
import styles from './GoodsPage.module.css';

/** What a container's or a category's form holds. */
export interface ShelfValues {
  name: string;
  remark: string;
  icon: string[];
  sort: number | null;
  status: 0 | 1;
}

const valuesOf = (name: string, remark: string, iconUrl: string, sort: number, status: 0 | 1): ShelfValues => ({
  name,
  remark,
  icon: splitImages(iconUrl),
  sort,
  status,
});

const STATUS_OPTIONS = ([1, 0] as const).map((value) => ({ value, label: SHELF_STATUS_LABELS[value] }));

export type ShelfTarget =
  | { kind: 'container'; container: Container | null }
  | { kind: 'category'; containerId: number; category: Category | null };

/** The body the form's values make, or the rule's message when the name is refused. */
export function shelfBody(target: ShelfTarget, values: ShelfValues) {
  const max = target.kind === 'container' ? GOODS_LIMITS.containerName : GOODS_LIMITS.categoryName;
  if (!isShelfNameOk(values.name, max)) {
    return { problem: target.kind === 'container' ? GOODS_MESSAGES.containerName : GOODS_MESSAGES.categoryName };
  }
  const common = {
    iconUrl: values.icon.join(','),
    sort: Math.trunc(values.sort ?? 0),
    status: values.status,
  };
  return target.kind === 'container'
    ? { container: { containerName: values.name.trim(), remark: values.remark.trim(), ...common } }
    : { category: { containerId: target.containerId, categoryName: values.name.trim(), ...common } };
}

export function ShelfDialog({
  target,
  onClose,
  onSaved,
}: {
  /** What is added or changed; null keeps the dialog closed. */
  target: ShelfTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ShelfValues>();
  const { busy, error, setError, run } = useConsoleSubmit();
  const isContainer = target?.kind === 'container';
  const noun = isContainer ? '商城' : '分类';
  const current = target?.kind === 'container' ? target.container : (target?.category ?? null);
  const currentName =
    current === null ? null : 'containerName' in current ? current.containerName : current.categoryName;

  useEffect(() => {
    if (!target) {
      return;
    }
    setError(null);
    if (target.kind === 'container') {
      const c = target.container;
      form.setFieldsValue(
        c ? valuesOf(c.containerName, c.remark, c.iconUrl, c.sort, c.status) : valuesOf('', '', '', 0, 1),
      );
    } else {
      const c = target.category;
      form.setFieldsValue(c ? valuesOf(c.categoryName, '', c.iconUrl, c.sort, c.status) : valuesOf('', '', '', 0, 1));
    }
  }, [target, form]);

  const submit = async (values: ShelfValues) => {
    if (!target) {
      return;
    }
    const body = shelfBody(target, values);
    if ('problem' in body) {
      setError(body.problem ?? null);
      return;
    }
    await run(async () => {
      if (target.kind === 'container' && body.container) {
        await (target.container
          ? api.POST('/console/v1/goodsContainers/{containerId}', {
              params: { path: { containerId: target.container.containerId } },
              body: body.container,
            })
          : api.POST('/console/v1/goodsContainers', { body: body.container }));
      } else if (target.kind === 'category' && body.category) {
        await (target.category
          ? api.POST('/console/v1/goodsCategories/{categoryId}', {
              params: { path: { categoryId: target.category.categoryId } },
              body: body.category,
            })
          : api.POST('/console/v1/goodsCategories', { body: body.category }));
      }
      void message.success(current ? `${noun}已保存` : `已新增${noun} ${values.name.trim()}`);
      onSaved();
    });
  };

  return (
    <SaveDialog
      title={currentName ? `编辑${noun}：${currentName}` : `新增${noun}`}
      open={target !== null}
      width={560}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<ShelfValues> form={form} layout="vertical" requiredMark onFinish={(values) => void submit(values)}>
        <Form.Item
          label={`${noun}名称`}
          name="name"
          rules={[
            {
              required: true,
              whitespace: true,
              message: isContainer ? GOODS_MESSAGES.containerName : GOODS_MESSAGES.categoryName,
            },
          ]}
        >
          <Input
            maxLength={isContainer ? GOODS_LIMITS.containerName : GOODS_LIMITS.categoryName}
            showCount
            placeholder={isContainer ? '如：健康商城' : '如：血糖仪'}
          />
        </Form.Item>
        {isContainer && (
          <Form.Item label="说明" name="remark">
            <Input.TextArea rows={2} maxLength={100} showCount placeholder="如：血糖仪、试纸与健康服务" />
          </Form.Item>
        )}
        <Form.Item label="图标" name="icon">
          <ImagesField max={1} label={`${noun}图标`} upload={uploadGoodsImage} />
        </Form.Item>
        <Form.Item label="排序（小的在前）" name="sort">
          <InputNumber className={styles.narrow} min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item
          label="状态"
          name="status"
          extra={isContainer ? '隐藏后患者看不到这个商城及其商品' : '隐藏后分类不在商城首页的分类格中显示'}
        >
          <Radio.Group optionType="button" options={STATUS_OPTIONS} />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
