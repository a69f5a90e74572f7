// 拒绝退款申请: the operator declines a customer's refund request with a reason the customer reads
// (退款申请未通过); the customer may ask again (docs/adr/0194-refund-requests-and-pickup.md).
import { App, Form, Input } from 'antd';
import { useEffect } from 'react';
import { ORDER_REFUND_MESSAGES, REFUND_REASON_MAX_LENGTH } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';

type Detail = Schema<'ConsoleOrderEnvelope'>['data'];

export function RefundDeclineDialog({
  orderId,
  onClose,
  onDone,
}: {
  orderId: number | null;
  onClose: () => void;
  onDone: (detail: Detail) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, error, setError, run } = useConsoleSubmit();
  const open = orderId !== null;

  useEffect(() => {
    if (open) {
      form.setFieldsValue({ reason: '' });
    }
  }, [open, form]);

  const submit = async ({ reason }: { reason: string }) => {
    if (orderId === null) {
      return;
    }
    const next = await run(() =>
      api.POST('/console/v1/orders/{orderId}/refund-decline', {
        params: { path: { orderId } },
        body: { reason: reason.trim() },
      }),
    );
    if (next) {
      void message.success('已拒绝退款申请');
      onDone(next);
    }
  };

  return (
    <SaveDialog
      title="拒绝退款申请"
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
      <Form
        form={form}
        name="refundDecline"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="拒绝原因（买家会看到）"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: ORDER_REFUND_MESSAGES.declineReason },
            { max: REFUND_REASON_MAX_LENGTH, message: `拒绝原因不超过${REFUND_REASON_MAX_LENGTH}个字` },
          ]}
        >
          <Input.TextArea
            rows={2}
            maxLength={REFUND_REASON_MAX_LENGTH}
            showCount
            placeholder="例如：商品已拆封使用，不支持退货"
          />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
