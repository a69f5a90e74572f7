// 库存：入库 adds items, 出库 takes them away. The API adds the change in one conditional update, so
// what orders took meanwhile is never overwritten; a change that would leave less than 0 is refused
// here and there with 库存不足.
import { App, Descriptions, Form, InputNumber, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { GOODS_MESSAGES } from '@glucoguard/domain';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import type { Goods } from './goodsForm';
import styles from './GoodsPage.module.css';

type Direction = 'in' | 'out';

interface StockValues {
  direction: Direction;
  quantity: number | null;
}

/** The signed change the API takes, or the message why it is refused (the domain's words). */
export function stockChange(
  stock: number,
  values: StockValues,
): { change: number; problem: null } | { change: null; problem: string } {
  const quantity = Math.trunc(values.quantity ?? 0);
  if (quantity <= 0) {
    return { change: null, problem: GOODS_MESSAGES.stockChangeZero };
  }
  const change = values.direction === 'in' ? quantity : -quantity;
  if (stock + change < 0) {
    return { change: null, problem: GOODS_MESSAGES.stockShort };
  }
  return { change, problem: null };
}

export function GoodsStockDialog({
  goods,
  onClose,
  onSaved,
}: {
  /** The goods item whose stock changes; null keeps the dialog closed. */
  goods: Goods | null;
  onClose: () => void;
  onSaved: (saved: Goods) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<StockValues>();
  const direction = Form.useWatch('direction', form) ?? 'in';
  const quantity = Form.useWatch('quantity', form) ?? 0;
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (goods) {
      setError(null);
      form.setFieldsValue({ direction: 'in', quantity: null });
    }
  }, [goods, form]);

  const submit = async (values: StockValues) => {
    if (!goods) {
      return;
    }
    const { change, problem } = stockChange(goods.stock, values);
    if (problem !== null) {
      setError(problem);
      return;
    }
    await run(async () => {
      const saved = await api.POST('/console/v1/goods/{goodsId}/stock', {
        params: { path: { goodsId: goods.goodsId } },
        body: { change },
      });
      void message.success(`库存已更新为 ${saved.stock} 件`);
      onSaved(saved);
    });
  };

  const after = (goods?.stock ?? 0) + (direction === 'in' ? 1 : -1) * Math.trunc(quantity || 0);

  return (
    <SaveDialog
      title={goods ? `库存：${goods.goodsName}` : '库存'}
      open={goods !== null}
      width={480}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Descriptions column={2} size="small" className={styles.stockNow}>
        <Descriptions.Item label="当前库存">{goods?.stock ?? 0} 件</Descriptions.Item>
        <Descriptions.Item label="变动后">
          {after < 0 ? <Typography.Text type="danger">{GOODS_MESSAGES.stockShort}</Typography.Text> : `${after} 件`}
        </Descriptions.Item>
      </Descriptions>
      <Form<StockValues>
        form={form}
        layout="vertical"
        initialValues={{ direction: 'in', quantity: null }}
        onValuesChange={() => setError(null)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label="操作" name="direction">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'in', label: '入库（增加）' },
              { value: 'out', label: '出库（减少）' },
            ]}
          />
        </Form.Item>
        <Form.Item label="数量" name="quantity" rules={[{ required: true, message: GOODS_MESSAGES.stockChangeZero }]}>
          <InputNumber className={styles.narrow} min={1} max={999999} precision={0} suffix="件" autoFocus />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
