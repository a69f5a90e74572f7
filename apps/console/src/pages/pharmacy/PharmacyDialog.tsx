// 新增药店 / 编辑药店: name, address, phone, region, coordinates, opening hours and status. The form
// checks with the domain's rules (pharmacyDraftProblem) before sending; the API checks the same and
// the region's existence, and its message is shown as it comes.
import { App, Cascader, Col, Form, Input, InputNumber, Radio, Row, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import {
  DAY_MS,
  PHARMACY_FORM_MESSAGES,
  PHARMACY_LIMITS,
  PHARMACY_STATUS_LABELS,
  pharmacyDraftProblem,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { hourMinute, isAllDay, msOfDay } from './hours';
import { regionOptions } from './regions';
import styles from './PharmacyPage.module.css';

type Pharmacy = Schema<'ConsolePharmacy'>;
type Input = Schema<'PharmacyInput'>;

export interface PharmacyValues {
  name: string;
  address: string;
  phone: string;
  region: [string, string, string] | undefined;
  longitude: number | null;
  latitude: number | null;
  hours: [Dayjs, Dayjs] | null;
  allDay: boolean;
  status: 0 | 1;
}

const at = (ms: number) => {
  const { hour, minute } = hourMinute(ms);
  return dayjs().startOf('day').hour(hour).minute(minute);
};

function initialValues(pharmacy: Pharmacy | null): PharmacyValues {
  if (!pharmacy) {
    return {
      name: '',
      address: '',
      phone: '',
      region: undefined,
      longitude: null,
      latitude: null,
      hours: [at(msOfDay(8, 0)), at(msOfDay(22, 0))],
      allDay: false,
      status: 1,
    };
  }
  const allDay = isAllDay(pharmacy);
  return {
    name: pharmacy.name,
    address: pharmacy.address,
    phone: pharmacy.phone,
    region: [pharmacy.province, pharmacy.city, pharmacy.district],
    longitude: pharmacy.longitude,
    latitude: pharmacy.latitude,
    hours: allDay ? null : [at(pharmacy.openStartTime), at(Math.min(pharmacy.openEndTime, DAY_MS - 60_000))],
    allDay,
    status: pharmacy.status === 1 ? 1 : 0,
  };
}

/** The request body of what the form holds (NaN where a number is missing, which the rules then refuse). */
export function pharmacyInputOf(values: PharmacyValues): Input {
  const [province = '', city = '', district = ''] = values.region ?? [];
  const [start, end] = values.hours ?? [];
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    phone: values.phone.trim(),
    province,
    city,
    district,
    longitude: values.longitude ?? Number.NaN,
    latitude: values.latitude ?? Number.NaN,
    openStartTime: values.allDay ? 0 : start ? msOfDay(start.hour(), start.minute()) : Number.NaN,
    openEndTime: values.allDay ? DAY_MS : end ? msOfDay(end.hour(), end.minute()) : Number.NaN,
    status: values.status,
  };
}

export function PharmacyDialog({
  open,
  pharmacy,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The pharmacy to change, or null to add one. */
  pharmacy: Pharmacy | null;
  onClose: () => void;
  onSaved: (saved: Pharmacy) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PharmacyValues>();
  const allDay = Form.useWatch('allDay', form);
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.setFieldsValue(initialValues(pharmacy));
    }
  }, [open, pharmacy, form]);

  const submit = async (values: PharmacyValues) => {
    const body = pharmacyInputOf(values);
    const problem = pharmacyDraftProblem(body);
    if (problem) {
      setError(problem);
      return;
    }
    await run(async () => {
      const saved = pharmacy
        ? await api.POST('/console/v1/pharmacies/{pharmacyId}', {
            params: { path: { pharmacyId: pharmacy.pharmacyId } },
            body,
          })
        : await api.POST('/console/v1/pharmacies', { body });
      void message.success(pharmacy ? '药店信息已保存' : `已新增药店 ${saved.name}`);
      onSaved(saved);
    });
  };

  return (
    <SaveDialog
      title={pharmacy ? `编辑药店：${pharmacy.name}` : '新增药店'}
      open={open}
      width={720}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<PharmacyValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={initialValues(pharmacy)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="药店名称"
          name="name"
          rules={[
            { required: true, whitespace: true, max: PHARMACY_LIMITS.name, message: PHARMACY_FORM_MESSAGES.name },
          ]}
        >
          <Input maxLength={PHARMACY_LIMITS.name} placeholder="如：康宁大药房（西单店）" />
        </Form.Item>
        <Form.Item
          label="所在地区"
          name="region"
          rules={[{ required: true, type: 'array', len: 3, message: PHARMACY_FORM_MESSAGES.region }]}
        >
          <Cascader options={regionOptions()} placeholder="省 / 市 / 区" showSearch aria-label="所在地区" />
        </Form.Item>
        <Form.Item
          label="详细地址"
          name="address"
          rules={[
            { required: true, whitespace: true, max: PHARMACY_LIMITS.address, message: PHARMACY_FORM_MESSAGES.address },
          ]}
        >
          <Input maxLength={PHARMACY_LIMITS.address} placeholder="如：西城区西单北大街126号" />
        </Form.Item>
        <Form.Item
          label="联系电话"
          name="phone"
          rules={[{ required: true, whitespace: true, message: PHARMACY_FORM_MESSAGES.phone }]}
        >
          <Input maxLength={PHARMACY_LIMITS.phone} placeholder="如：010-66071234" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="经度（GCJ-02，腾讯地图坐标）"
              name="longitude"
              rules={[{ required: true, message: PHARMACY_FORM_MESSAGES.coordinates }]}
            >
              <InputNumber className={styles.wide} precision={6} step={0.001} placeholder="116.374220" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="纬度"
              name="latitude"
              rules={[{ required: true, message: PHARMACY_FORM_MESSAGES.coordinates }]}
            >
              <InputNumber className={styles.wide} precision={6} step={0.001} placeholder="39.913020" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="营业时间"
              name="hours"
              rules={[{ required: !allDay, message: PHARMACY_FORM_MESSAGES.hours }]}
            >
              <TimePicker.RangePicker
                className={styles.wide}
                format="HH:mm"
                minuteStep={5}
                disabled={allDay}
                order
                placeholder={['开门', '关门']}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="24小时营业" name="allDay" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="状态" name="status">
              <Radio.Group
                optionType="button"
                options={([1, 0] as const).map((value) => ({ value, label: PHARMACY_STATUS_LABELS[value] }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveDialog>
  );
}
