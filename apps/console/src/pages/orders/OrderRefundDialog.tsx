// 退款 of an order: an amount up to what is left of its payment (all of it by default) and a reason
// the buyer sees; the payment provider is asked at once and the order shows 退款中, 退款成功 or 退款失败.
// The points and strips the order spent go back with it; an order paid only with points or strips
// has no amount to type: just the reason, and it is 退款成功 at once (docs/adr/0194).
import { App, Form, Input, InputNumber } from 'antd';
import { useEffect, useMemo } from 'react';
import { centsToYuan, orderRefundParts } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './OrdersPage.module.css';

type Detail = Schema<'ConsoleOrderEnvelope'>['data'];
type Order = Schema<'ConsoleOrder'>;

interface Values {
  yuan: number;
  reason: string;
}

/** Yuan as typed (at most two decimals) to whole cents. */
const toCents = (yuan: number) => Math.round(yuan * 100);

export function OrderRefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: Order | null;
  onClose: () => void;
  onDone: (detail: Detail) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { busy, error, setError, run } = useConsoleSubmit();
  const open = order !== null;
  // One key per opening, kept in the audit trail with the refund.
  const requestKey = useMemo(() => (open ? crypto.randomUUID() : ''), [open]);
  const left = order?.refundableCents ?? 0;
  const parts = order ? orderRefundParts(order) : { money: false, points: 0, strips: 0 };
  const goingBack = [
    ...(parts.points > 0 ? [`${parts.points} 积分`] : []),
    ...(parts.strips > 0 ? [`${parts.strips} 条试纸`] : []),
  ].join('、');

  // The dialog keeps its form mounted while closed: each opening starts from all that is left.
  useEffect(() => {
    if (open) {
      form.setFieldsValue({ yuan: left / 100, reason: order?.refundRequestReason ?? '' });
    }
  }, [open, left, form, order?.refundRequestReason]);

  const submit = async (values: Values) => {
    if (!order) {
      return;
    }
    const next = await run(() =>
      api.POST('/console/v1/orders/{orderId}/refund', {
        params: { path: { orderId: order.orderId } },
        body: { refundCents: parts.money ? toCents(values.yuan) : 0, reason: values.reason.trim(), requestKey },
      }),
    );
    if (next) {
      const { payStatus } = next.order;
      if (payStatus === 4) {
        setError('退款失败，请稍后重试或到「支付与退款」查看原因');
        onDone(next);
        return;
      }
      void message.success(payStatus === 3 ? '退款成功' : '成功发起退款，1-3个工作日原路退回');
      form.resetFields();
      onDone(next);
    }
  };

  return (
    <SaveDialog
      title="订单退款"
      open={open}
      width={480}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        {goingBack && <p className={styles.refundBack}>将退还 {goingBack}</p>}
        <Form.Item
          hidden={!parts.money}
          label={`退款金额（元，最多 ¥${centsToYuan(left)}）`}
          name="yuan"
          rules={[
            { required: parts.money, message: '请输入退款金额' },
            {
              validator: (_rule, value: number | null) =>
                !parts.money || (value !== null && toCents(value) >= 1 && toCents(value) <= left)
                  ? Promise.resolve()
                  : Promise.reject(new Error('退款金额不能超过可退金额')),
            },
          ]}
        >
          <InputNumber className={styles.wide} precision={2} step={1} prefix="¥" />
        </Form.Item>
        <Form.Item
          label="退款原因（买家会看到）"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请输入退款原因' },
            { max: 80, message: '退款原因不超过80个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={80} showCount placeholder="例如：商品缺货，部分退款" />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
