// The repair drawer's dialogs: 指派 (a staff member holding aftersales.service, from the API's list)
// and the handling result, written as a step (填写处理结果) or with the completion (完成报修). Each
// answers the request after the step; the API's refusal shows above the form.
import { Alert, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { STAFF_ROLE_LABELS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { REPAIR_REMARK_MAX } from './serviceText';
import styles from './AfterSalesService.module.css';

export type RepairDetail = Schema<'ConsoleRepairEnvelope'>['data'];

export function AssignDialog({
  repair,
  onClose,
  onDone,
}: {
  /** The request to assign; null keeps the dialog closed. */
  repair: RepairDetail | null;
  onClose: () => void;
  onDone: (next: RepairDetail) => void;
}) {
  const [form] = Form.useForm<{ staffId: string }>();
  const { busy, error, setError, run } = useConsoleSubmit();
  const open = repair !== null;
  const assignees = useConsoleData(
    async (signal) => (open ? api.GET('/console/v1/after-sales/assignees', { signal }) : []),
    [open],
  );

  useEffect(() => {
    if (repair) {
      form.setFieldsValue({ staffId: repair.assigneeId ?? undefined });
    }
  }, [repair, form]);

  const submit = async ({ staffId }: { staffId: string }) => {
    if (!repair) {
      return;
    }
    const next = await run(() =>
      api.POST('/console/v1/after-sales/repairs/{upkeepId}/assign', {
        params: { path: { upkeepId: repair.upkeepId } },
        body: { staffId },
      }),
    );
    if (next) {
      onDone(next);
    }
  };

  return (
    <SaveDialog
      title={repair?.assigneeId ? '改派处理人' : '指派处理人'}
      open={open}
      width={440}
      busy={busy}
      error={error}
      okText="确认指派"
      onSave={() => form.submit()}
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      <Alert className={styles.notice} type="info" showIcon title="指派后，患者会收到“报修已受理”的通知。" />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item label="处理人" name="staffId" rules={[{ required: true, message: '请选择处理人' }]}>
          <Select
            placeholder="请选择处理人"
            loading={assignees.loading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(assignees.data ?? []).map((staff) => ({
              value: staff.staffId,
              label: `${staff.name}（${STAFF_ROLE_LABELS[staff.role]}）`,
            }))}
          />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}

/** What the remark dialog does: record a result as a step, or complete the request with it. */
export type RemarkStep = 'result' | 'complete';

const REMARK_STEPS = {
  result: {
    title: '填写处理结果',
    okText: '保存结果',
    notice: '保存后，患者会收到处理进展的通知，并在报修详情中看到处理结果。',
  },
  complete: {
    title: '完成报修',
    okText: '确认完成',
    notice: '完成后报修单移入“已完成”，不能再修改；患者会收到“报修已完成”的通知。',
  },
} as const;

export function RemarkDialog({
  repair,
  step,
  onClose,
  onDone,
}: {
  repair: RepairDetail | null;
  step: RemarkStep;
  onClose: () => void;
  onDone: (next: RepairDetail) => void;
}) {
  const [form] = Form.useForm<{ remark: string }>();
  const { busy, error, setError, run } = useConsoleSubmit();
  const words = REMARK_STEPS[step];

  useEffect(() => {
    if (repair) {
      form.setFieldsValue({ remark: repair.remark });
    }
  }, [repair, form]);

  const submit = async ({ remark }: { remark: string }) => {
    if (!repair) {
      return;
    }
    const path = { upkeepId: repair.upkeepId };
    const body = { remark: remark.trim() };
    const next = await run(() =>
      step === 'result'
        ? api.POST('/console/v1/after-sales/repairs/{upkeepId}/result', { params: { path }, body })
        : api.POST('/console/v1/after-sales/repairs/{upkeepId}/complete', { params: { path }, body }),
    );
    if (next) {
      onDone(next);
    }
  };

  return (
    <SaveDialog
      title={words.title}
      open={repair !== null}
      width={560}
      busy={busy}
      error={error}
      okText={words.okText}
      onSave={() => form.submit()}
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      <Alert className={styles.notice} type={step === 'complete' ? 'warning' : 'info'} showIcon title={words.notice} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          label="处理结果（患者会看到）"
          name="remark"
          rules={[{ required: true, whitespace: true, message: '请填写处理结果' }]}
        >
          <Input.TextArea
            rows={5}
            maxLength={REPAIR_REMARK_MAX}
            showCount
            placeholder="例如：已为您更换同型号新机，旧机已回收检测。"
          />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
