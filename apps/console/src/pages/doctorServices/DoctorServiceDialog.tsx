// 新增服务 / 编辑服务: type, name, price in yuan, days of an interval service, introduction and
// 开通/停用. Checked with the domain's rules (doctorServiceProblem) before sending, as the API checks it.
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import {
  DOCTOR_SERVICE_LIMITS,
  DOCTOR_SERVICE_STATUS_LABELS,
  DOCTOR_SERVICE_TYPE,
  DOCTOR_SERVICE_TYPES,
  doctorServiceProblem,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './DoctorServicesPage.module.css';

type Service = Schema<'DoctorServiceVo'>;

/** The form's values: the price in yuan, as a doctor thinks of it. */
interface Draft {
  serviceType: 1 | 2;
  serviceName: string;
  priceYuan: number | null;
  serviceInterval: number | null;
  intro: string;
  status: 0 | 1;
}

const EMPTY: Draft = {
  serviceType: 1,
  serviceName: '单次图文咨询',
  priceYuan: null,
  serviceInterval: null,
  intro: '',
  status: 1,
};

const draftOf = (s: Service | null): Draft =>
  s
    ? {
        serviceType: s.serviceType,
        serviceName: s.serviceName,
        priceYuan: s.servicePrice / 100,
        serviceInterval: s.serviceType === DOCTOR_SERVICE_TYPE.interval ? s.serviceInterval : null,
        intro: s.intro,
        status: s.status,
      }
    : EMPTY;

export function DoctorServiceDialog({
  open,
  service,
  onClose,
  onSaved,
}: {
  open: boolean;
  service: Service | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Draft>();
  const type = Form.useWatch('serviceType', form);
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.setFieldsValue(draftOf(service));
    }
  }, [open, service, form]);

  const submit = async (values: Draft) => {
    const body: Schema<'DoctorServiceInput'> = {
      serviceType: values.serviceType,
      serviceName: values.serviceName.trim(),
      servicePrice: Math.round((values.priceYuan ?? 0) * 100),
      ...(values.serviceType === DOCTOR_SERVICE_TYPE.interval && { serviceInterval: values.serviceInterval ?? 0 }),
      intro: (values.intro ?? '').trim(),
      status: values.status,
    };
    const problem = doctorServiceProblem(body);
    if (problem) {
      setError(problem);
      return;
    }
    await run(async () => {
      if (service) {
        await api.PUT('/console/v1/doctor/services/{serviceId}', {
          params: { path: { serviceId: service.serviceId } },
          body,
        });
      } else {
        await api.POST('/console/v1/doctor/services', { body });
      }
      void message.success(service ? '服务已保存' : `已新增服务 ${body.serviceName}`);
      onSaved();
    });
  };

  return (
    <SaveDialog
      title={service ? `编辑服务：${service.serviceName}` : '新增服务'}
      open={open}
      width={560}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<Draft> form={form} layout="vertical" initialValues={draftOf(service)} onFinish={(v) => void submit(v)}>
        <Form.Item label="服务类型" name="serviceType">
          <Radio.Group
            disabled={service !== null}
            options={DOCTOR_SERVICE_TYPES.map((t) => ({ value: t.serviceType, label: t.serviceTypeName }))}
          />
        </Form.Item>
        <Form.Item label="服务名称" name="serviceName" rules={[{ required: true, message: '请输入服务名称' }]}>
          <Input maxLength={DOCTOR_SERVICE_LIMITS.nameMax} showCount />
        </Form.Item>
        <Form.Item label="价格（元）" name="priceYuan" rules={[{ required: true, message: '请输入服务价格' }]}>
          <InputNumber className={styles.wide} precision={2} step={1} />
        </Form.Item>
        {type === DOCTOR_SERVICE_TYPE.interval && (
          <Form.Item label="服务天数" name="serviceInterval" rules={[{ required: true, message: '请输入服务天数' }]}>
            <InputNumber
              className={styles.wide}
              min={DOCTOR_SERVICE_LIMITS.intervalMin}
              max={DOCTOR_SERVICE_LIMITS.intervalMax}
              precision={0}
              disabled={service !== null}
            />
          </Form.Item>
        )}
        <Form.Item label="服务介绍" name="intro">
          <Input.TextArea rows={4} maxLength={DOCTOR_SERVICE_LIMITS.introMax} showCount />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={([1, 0] as const).map((s) => ({ value: s, label: DOCTOR_SERVICE_STATUS_LABELS[s] }))} />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
