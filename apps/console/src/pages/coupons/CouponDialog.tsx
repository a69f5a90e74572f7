// 新建优惠券: name, value in yuan (sent in cents), validity as two China dates, and the range (all
// goods, or chosen goods found by name). Checked with the domain's validateCouponTemplate before
// sending, as the API checks it (docs/adr/0183-coupons-templates-and-holdings.md).
import { App, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { COUPON_LIMITS, COUPON_MESSAGES, chinaDateKey, validateCouponTemplate } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './CouponsPage.module.css';

type Template = Schema<'ConsoleCoupon'>;

export interface CouponForm {
  couponName: string;
  yuan: number | null;
  validity: [Dayjs, Dayjs] | null;
  rangeType: 'all' | 'goods';
  goodsIds: string[];
}

const EMPTY: CouponForm = { couponName: '', yuan: null, validity: null, rangeType: 'all', goodsIds: [] };

/** What the form sends: the value in cents, the validity as China dates, goods only for a goods range. */
export function couponInputOf(values: CouponForm): Schema<'ConsoleCouponInput'> {
  return {
    couponName: values.couponName.trim(),
    couponValue: Math.round((values.yuan ?? 0) * 100),
    startDate: values.validity ? values.validity[0].format('YYYY-MM-DD') : '',
    endDate: values.validity ? values.validity[1].format('YYYY-MM-DD') : '',
    rangeType: values.rangeType,
    ...(values.rangeType === 'goods' && { goodsIds: values.goodsIds }),
  };
}

/** Goods found by name for the range, as select options. */
function useGoodsOptions() {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const search = (keyword: string) => {
    void api
      .GET('/console/v1/goods', { params: { query: { keyword: keyword.trim() || undefined, pageSize: 50 } } })
      .then(
        (page) =>
          setOptions(page.items.map((g) => ({ value: String(g.goodsId), label: `${g.goodsName}（${g.goodsCode}）` }))),
        () => setOptions([]),
      );
  };
  return { options, search };
}

export function CouponDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (saved: Template) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CouponForm>();
  const rangeType = Form.useWatch('rangeType', form);
  const { busy, error, setError, run } = useConsoleSubmit();
  const goods = useGoodsOptions();

  useEffect(() => {
    if (open) {
      setError(null);
      form.setFieldsValue(EMPTY);
      goods.search('');
    }
    // goods.search is a fresh function each render; opening the dialog is what matters here.
  }, [open, form]);

  const submit = async (values: CouponForm) => {
    const body = couponInputOf(values);
    const check = validateCouponTemplate(body, chinaDateKey(new Date()));
    if (!check.ok) {
      setError(check.message);
      return;
    }
    await run(async () => {
      const saved = await api.POST('/console/v1/coupons', { body });
      void message.success(`已新建优惠券 ${saved.couponName}`);
      onSaved(saved);
    });
  };

  return (
    <SaveDialog
      title="新建优惠券"
      open={open}
      width={640}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<CouponForm> form={form} layout="vertical" initialValues={EMPTY} onFinish={(values) => void submit(values)}>
        <Form.Item
          label="优惠券名称"
          name="couponName"
          rules={[{ required: true, whitespace: true, max: COUPON_LIMITS.nameMax, message: COUPON_MESSAGES.nameEmpty }]}
        >
          <Input maxLength={COUPON_LIMITS.nameMax} showCount placeholder="如：新人专享立减10元" />
        </Form.Item>
        <Form.Item
          label="优惠金额（元，下单时直接抵扣，不超过商品金额）"
          name="yuan"
          rules={[{ required: true, message: COUPON_MESSAGES.valueInvalid }]}
        >
          <InputNumber min={0.01} max={10000} precision={2} step={1} prefix="¥" className={styles.value} />
        </Form.Item>
        <Form.Item
          label="有效期（含首尾两天，按北京时间）"
          name="validity"
          rules={[{ required: true, message: COUPON_MESSAGES.endInvalid }]}
        >
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
        </Form.Item>
        <Form.Item label="适用范围" name="rangeType">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'all', label: '全部商品' },
              { value: 'goods', label: '指定商品' },
            ]}
          />
        </Form.Item>
        {rangeType === 'goods' ? (
          <Form.Item label="适用商品（可搜索商品名称，最多50个）" name="goodsIds">
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={goods.search}
              options={goods.options}
              placeholder="输入商品名称搜索"
              aria-label="适用商品"
            />
          </Form.Item>
        ) : null}
      </Form>
    </SaveDialog>
  );
}
