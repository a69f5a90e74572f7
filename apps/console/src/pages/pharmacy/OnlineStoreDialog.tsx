// 新增网店 / 编辑网店: name, icon address, remark, the store's https address, order and 上架/下架.
// Checked with the domain's rules (onlineStoreDraftProblem) before sending, as the API checks it.
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import {
  ONLINE_STORE_STATUS_LABELS,
  PHARMACY_FORM_MESSAGES,
  PHARMACY_LIMITS,
  onlineStoreDraftProblem,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';

type Store = Schema<'ConsoleOnlineStore'>;
type StoreInput = Schema<'OnlineStoreInput'>;

const EMPTY: StoreInput = { storeName: '', storeIcon: '', remark: '', storeUrl: 'https://', status: 1, sort: 0 };

const inputOf = (store: Store | null): StoreInput =>
  store
    ? {
        storeName: store.storeName,
        storeIcon: store.storeIcon,
        remark: store.remark,
        storeUrl: store.storeUrl,
        status: store.status,
        sort: store.sort,
      }
    : EMPTY;

export function OnlineStoreDialog({
  open,
  store,
  onClose,
  onSaved,
}: {
  open: boolean;
  store: Store | null;
  onClose: () => void;
  onSaved: (saved: Store) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<StoreInput>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.setFieldsValue(inputOf(store));
    }
  }, [open, store, form]);

  const submit = async (values: StoreInput) => {
    const body: StoreInput = {
      storeName: values.storeName.trim(),
      storeIcon: (values.storeIcon ?? '').trim(),
      remark: (values.remark ?? '').trim(),
      storeUrl: values.storeUrl.trim(),
      status: values.status,
      sort: values.sort ?? 0,
    };
    const problem = onlineStoreDraftProblem(body);
    if (problem) {
      setError(problem);
      return;
    }
    await run(async () => {
      const saved = store
        ? await api.POST('/console/v1/onlineStores/{storeId}', { params: { path: { storeId: store.storeId } }, body })
        : await api.POST('/console/v1/onlineStores', { body });
      void message.success(store ? '网店信息已保存' : `已新增网店 ${saved.storeName}`);
      onSaved(saved);
    });
  };

  return (
    <SaveDialog
      title={store ? `编辑网店：${store.storeName}` : '新增网店'}
      open={open}
      width={640}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<StoreInput>
        form={form}
        layout="vertical"
        initialValues={inputOf(store)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="网店名称"
          name="storeName"
          rules={[
            {
              required: true,
              whitespace: true,
              max: PHARMACY_LIMITS.storeName,
              message: PHARMACY_FORM_MESSAGES.storeName,
            },
          ]}
        >
          <Input maxLength={PHARMACY_LIMITS.storeName} placeholder="如：康宁大药房官方网店" />
        </Form.Item>
        <Form.Item
          label="网店地址（患者点击后打开）"
          name="storeUrl"
          rules={[{ required: true, whitespace: true, message: PHARMACY_FORM_MESSAGES.storeUrl }]}
        >
          <Input maxLength={PHARMACY_LIMITS.storeUrl} placeholder="https://" />
        </Form.Item>
        <Form.Item
          label="简介"
          name="remark"
          rules={[{ max: PHARMACY_LIMITS.remark, message: PHARMACY_FORM_MESSAGES.remark }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={PHARMACY_LIMITS.remark}
            showCount
            placeholder="如：正品保障，满99元包邮"
          />
        </Form.Item>
        <Form.Item label="图标地址（可不填，显示默认图标）" name="storeIcon">
          <Input maxLength={PHARMACY_LIMITS.storeIcon} placeholder="https://…/logo.png" />
        </Form.Item>
        <Form.Item label="排序（小的在前）" name="sort">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group
            optionType="button"
            options={([1, 0] as const).map((value) => ({ value, label: ONLINE_STORE_STATUS_LABELS[value] }))}
          />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
