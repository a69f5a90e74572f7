import { Alert, App, Form, Input, InputNumber, Modal } from 'antd';
import { useMemo } from 'react';
import { centsToYuan } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './PaymentPage.module.css';

interface Values {
  yuan: number;
  reason: string;
}

/** Yuan as typed (at most two decimals) to whole cents. */
const toCents = (yuan: number) => Math.round(yuan * 100);

/**
 * 退款: an amount up to what is left (all of it by default) and a reason the payer sees in WeChat
 * Pay's refund message. One request key per opening, so a double click makes one refund.
 */
export function RefundDialog({
  intent,
  onClose,
  onDone,
}: {
  intent: Schema<'PaymentIntentDetail'> | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { busy, error, setError, run } = useConsoleSubmit();
  const open = intent !== null;
  // One key per opening: a double click in this dialog makes one refund, the next opening a new one.
  const requestKey = useMemo(() => (open ? crypto.randomUUID() : ''), [open]);

  const submit = async (values: Values) => {
    if (!intent) {
      return;
    }
    await run(async () => {
      const { refund } = await api.POST('/console/v1/payment/refund', {
        body: {
          intentId: intent.intentId,
          refundCents: toCents(values.yuan),
          reason: values.reason.trim(),
          requestKey,
        },
      });
      if (refund.state === 'failed') {
        setError(`退款失败：${refund.failure ?? '请稍后重试'}`);
        return;
      }
      void message.success(refund.state === 'succeeded' ? '退款成功' : '成功发起退款，1-3个工作日原路退回');
      onDone();
    });
  };

  const left = intent?.refundableCents ?? 0;
  return (
    <Modal
      title="退款"
      open={open}
      okText="确认退款"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
      {intent && (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          preserve={false}
          initialValues={{ yuan: left / 100, reason: '' }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            label={`退款金额（元，最多 ¥${centsToYuan(left)}）`}
            name="yuan"
            rules={[
              { required: true, message: '请输入退款金额' },
              {
                validator: (_rule, value: number | null) =>
                  value !== null && toCents(value) >= 1 && toCents(value) <= left
                    ? Promise.resolve()
                    : Promise.reject(new Error('退款金额不能超过可退金额')),
              },
            ]}
          >
            <InputNumber className={styles.wide} precision={2} step={1} prefix="¥" />
          </Form.Item>
          <Form.Item
            label="退款原因（用户可在微信支付退款通知中看到）"
            name="reason"
            rules={[
              { required: true, whitespace: true, message: '请输入退款原因' },
              { max: 80, message: '退款原因不超过80个字' },
            ]}
          >
            <Input.TextArea rows={2} maxLength={80} showCount placeholder="例如：商品缺货，部分退款" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
