// 发货: the courier from the domain's list (快递鸟 codes, so tracking works with either provider)
// and the waybill number; the answer is the order as shipped.
import { Form, Input, Select } from 'antd';
import { COURIERS, LOGISTICS_MESSAGES, TRACKING_NUMBER_PATTERN } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';

type Detail = Schema<'ConsoleOrderEnvelope'>['data'];

interface Values {
  expressCode: string;
  trackingNumber: string;
}

export function ShipDialog({
  open,
  orderId,
  onClose,
  onShipped,
}: {
  open: boolean;
  orderId: number;
  onClose: () => void;
  onShipped: (detail: Detail) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { busy, error, setError, run } = useConsoleSubmit();

  const submit = async (values: Values) => {
    const shipped = await run(() =>
      api.POST('/console/v1/orders/{orderId}/ship', {
        params: { path: { orderId } },
        body: { expressCode: values.expressCode, trackingNumber: values.trackingNumber.trim() },
      }),
    );
    if (shipped) {
      form.resetFields();
      onShipped(shipped);
    }
  };

  return (
    <SaveDialog
      title="发货"
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
        <Form.Item
          label="快递公司"
          name="expressCode"
          rules={[{ required: true, message: LOGISTICS_MESSAGES.courierUnknown }]}
        >
          <Select
            placeholder="请选择快递公司"
            showSearch={{ optionFilterProp: 'label' }}
            options={COURIERS.map((courier) => ({ value: courier.code, label: courier.name }))}
          />
        </Form.Item>
        <Form.Item
          label="快递单号"
          name="trackingNumber"
          rules={[
            { required: true, whitespace: true, message: '请输入快递单号' },
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || TRACKING_NUMBER_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(LOGISTICS_MESSAGES.trackingNumber)),
            },
          ]}
        >
          <Input maxLength={40} placeholder="例如 78123456789012" />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
