// 开处方 / 用药建议: the doctor's form — the diagnosis and plan (or the advice), the prescription's
// category, and up to ten medicines picked from the catalogue, each with quantity, dose, usage and
// frequency (the dictionaries medicine_usaged and medicine_rate) and how long to take it. The domain's
// validatePrescription / validateAdvice check it before it is sent; the server checks again. One
// request key per opened form, so a double click writes one prescription.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  RX_CONTENT_MAX,
  RX_MEDICINES_MAX,
  validateAdvice,
  validatePrescription,
  type RxMedicineLine,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api, isSessionEnd, messageOf } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import type { DictionaryOption } from './useDictionaries';
import styles from './ConsultPage.module.css';

type Medicine = Schema<'ConsoleMedicine'>;
type MedicineInput = Schema<'RxMedicineInput'>;

export interface RxFormValues {
  content: string;
  rxCategory?: string;
  medicines: Partial<RxMedicineLine>[];
}

/** The form's lines as the API takes them (a line left blank fails the domain's check by its field). */
export function linesOf(values: RxFormValues): MedicineInput[] {
  return (values.medicines ?? []).map((line) => ({
    medicineId: line.medicineId ?? 0,
    number: line.number ?? 0,
    dosage: String(line.dosage ?? '').trim(),
    usaged: line.usaged ?? '',
    rate: line.rate ?? '',
    time: line.time ?? 0,
    timeUnit: line.timeUnit === 1 ? 1 : 0,
  }));
}

/** A catalogue medicine as the picker lists it: 二甲双胍片（盐酸二甲双胍片） 0.5g×20片. */
export function medicineLabel(medicine: Medicine): string {
  const brand = medicine.productName ? `（${medicine.productName}）` : '';
  return `${medicine.genericName}${brand} ${medicine.specification}`;
}

export interface RxFormDialogProps {
  kind: 'prescription' | 'advice' | null;
  consultId: string;
  rxCategories: DictionaryOption[];
  usages: DictionaryOption[];
  rates: DictionaryOption[];
  onClose: () => void;
  onDone: () => void;
}

export function RxFormDialog({ kind, consultId, rxCategories, usages, rates, onClose, onDone }: RxFormDialogProps) {
  const { message } = App.useApp();
  // One form per kind, so each keeps its own blank lines (and a draft closed without sending).
  const [prescriptionForm] = Form.useForm<RxFormValues>();
  const [adviceForm] = Form.useForm<RxFormValues>();
  // The kind being shown stays while the dialog closes: switching the form instance during the
  // closing animation would hand the prescription's medicine lines to the advice form.
  const [shown, setShown] = useState(kind);
  if (kind !== null && kind !== shown) {
    setShown(kind);
  }
  const shownKind = kind ?? shown;
  const form = shownKind === 'prescription' ? prescriptionForm : adviceForm;
  const [sending, setSending] = useState(false);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const catalogue = useConsoleData(
    (signal) => (kind ? api.GET('/console/v1/rx/medicines', { signal }) : Promise.resolve(undefined)),
    [kind],
  );
  const medicines = catalogue.data?.items;
  const medicineOptions = useMemo(
    () => (medicines ?? []).map((m) => ({ value: m.medicineId, label: medicineLabel(m) })),
    [medicines],
  );
  const unitOf = (medicineId: number | undefined) => medicines?.find((m) => m.medicineId === medicineId);
  const lines = Form.useWatch('medicines', form) as RxFormValues['medicines'] | undefined;

  const submit = async () => {
    const values = form.getFieldsValue(true) as RxFormValues;
    const content = (values.content ?? '').trim();
    const lines = linesOf(values);
    const checked =
      kind === 'prescription'
        ? validatePrescription({ content, rxCategory: values.rxCategory ?? '', medicines: lines })
        : validateAdvice({ content, medicines: lines });
    if (!checked.ok) {
      void message.warning(checked.message);
      return;
    }
    setSending(true);
    try {
      if (kind === 'prescription') {
        await api.POST('/console/v1/rx/prescriptions', {
          body: { consultId, content, rxCategory: values.rxCategory ?? '', medicines: lines, requestKey },
        });
        void message.success('处方已开具，等待药师审核');
      } else {
        await api.POST('/console/v1/rx/advice', { body: { consultId, content, medicines: lines, requestKey } });
        void message.success('用药建议已发送给患者');
      }
      form.resetFields();
      setRequestKey(crypto.randomUUID());
      onDone();
    } catch (error) {
      if (!isSessionEnd(error)) {
        void message.error(messageOf(error));
      }
    } finally {
      setSending(false);
    }
  };

  const prescription = shownKind === 'prescription';
  return (
    <Modal
      title={prescription ? '开处方' : '用药建议'}
      open={kind !== null}
      width={1080}
      okText={prescription ? '提交审核' : '发送给患者'}
      cancelText="取消"
      okButtonProps={{ loading: sending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RxFormValues>
        key={shownKind ?? 'none'}
        form={form}
        layout="vertical"
        initialValues={{ content: '', medicines: prescription ? [{ number: 1, time: 7, timeUnit: 0 }] : [] }}
        requiredMark={false}
      >
        {prescription && (
          <Form.Item label="处方类别" name="rxCategory">
            <Select aria-label="处方类别" options={rxCategories} placeholder="请选择处方类别" />
          </Form.Item>
        )}
        <Form.Item label={prescription ? '诊断及处理意见' : '建议内容'} name="content">
          <Input.TextArea
            aria-label={prescription ? '诊断及处理意见' : '建议内容'}
            maxLength={RX_CONTENT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={
              prescription
                ? '例如：2型糖尿病，空腹血糖控制欠佳。继续饮食控制，规律监测空腹及餐后血糖。'
                : '例如：餐后血糖偏高，建议晚餐减少主食，饭后散步30分钟。'
            }
          />
        </Form.Item>
        <Typography.Text strong>药品</Typography.Text>
        {!prescription && (
          <Typography.Text type="secondary" className={styles.aside}>
            可不添加药品，只发送建议
          </Typography.Text>
        )}
        <Form.List name="medicines">
          {(fields, { add, remove }) => (
            <div className={styles.medicineLines}>
              {fields.map((field, index) => (
                <div key={field.key} className={styles.medicineLine} data-testid="rx-line">
                  <Form.Item label="药品" name={[field.name, 'medicineId']} className={styles.medicineField}>
                    <Select
                      aria-label={`药品 ${index + 1}`}
                      showSearch
                      optionFilterProp="label"
                      options={medicineOptions}
                      loading={catalogue.loading}
                      placeholder="搜索药品通用名"
                    />
                  </Form.Item>
                  <Form.Item label="数量" name={[field.name, 'number']}>
                    <InputNumber
                      aria-label={`数量 ${index + 1}`}
                      min={1}
                      max={99}
                      precision={0}
                      addonAfter={unitOf(lines?.[field.name]?.medicineId)?.packingUnit ?? '盒'}
                      className={styles.numberField}
                    />
                  </Form.Item>
                  <Form.Item label="单次剂量" name={[field.name, 'dosage']}>
                    <Input
                      aria-label={`单次剂量 ${index + 1}`}
                      maxLength={10}
                      addonAfter={unitOf(lines?.[field.name]?.medicineId)?.dosageUnit ?? '片'}
                      className={styles.dosageField}
                    />
                  </Form.Item>
                  <Form.Item label="用法" name={[field.name, 'usaged']}>
                    <Select
                      aria-label={`用法 ${index + 1}`}
                      options={usages}
                      placeholder="请选择"
                      className={styles.pick}
                    />
                  </Form.Item>
                  <Form.Item label="频次" name={[field.name, 'rate']}>
                    <Select
                      aria-label={`频次 ${index + 1}`}
                      options={rates}
                      placeholder="请选择"
                      className={styles.pick}
                    />
                  </Form.Item>
                  <Form.Item label="疗程" name={[field.name, 'time']}>
                    <InputNumber
                      aria-label={`疗程 ${index + 1}`}
                      min={1}
                      max={365}
                      precision={0}
                      className={styles.timeField}
                    />
                  </Form.Item>
                  <Form.Item label=" " name={[field.name, 'timeUnit']}>
                    <Select
                      aria-label={`疗程单位 ${index + 1}`}
                      options={[
                        { value: 0, label: '天' },
                        { value: 1, label: '个月' },
                      ]}
                      className={styles.unitField}
                    />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button
                      type="text"
                      danger
                      icon={<MinusCircleOutlined />}
                      aria-label={`删除药品 ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </Form.Item>
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= RX_MEDICINES_MAX}
                onClick={() => add({ number: 1, time: 7, timeUnit: 0 })}
              >
                添加药品（最多{RX_MEDICINES_MAX}种）
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
