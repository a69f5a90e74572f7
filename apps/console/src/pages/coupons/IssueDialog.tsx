// 发放优惠券: to customers found by phone or nickname (phones shown masked), or to every registered
// customer after a confirmation. Each customer holds one coupon of a template at most: issuing again
// skips those who have it, and the answer says how many received it now.
import { App, Form, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { COUPON_MESSAGES, centsToYuan } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';

type Template = Schema<'ConsoleCoupon'>;

interface IssueForm {
  target: 'chosen' | 'all';
  customerIds: string[];
}

export function IssueDialog({
  template,
  onClose,
  onIssued,
}: {
  template: Template | null;
  onClose: () => void;
  onIssued: () => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<IssueForm>();
  const target = Form.useWatch('target', form);
  const { busy, error, setError, run } = useConsoleSubmit();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  // The list closes once a customer is chosen, so it never covers 保存.
  const [listOpen, setListOpen] = useState(false);

  useEffect(() => {
    if (template) {
      setError(null);
      setOptions([]);
      form.setFieldsValue({ target: 'chosen', customerIds: [] });
    }
  }, [template, form, setError]);

  const search = (keyword: string) => {
    if (keyword.trim().length < 2) {
      return;
    }
    void api.GET('/console/v1/coupons/recipients', { params: { query: { keyword: keyword.trim() } } }).then(
      (found) =>
        setOptions((current) => {
          const chosen = new Set(form.getFieldValue('customerIds') as string[]);
          const kept = current.filter((o) => chosen.has(o.value));
          const fresh = found.items
            .filter((c) => !chosen.has(c.customerId))
            .map((c) => ({ value: c.customerId, label: `${c.nickname || '未命名'}  ${c.phone}` }));
          return [...kept, ...fresh];
        }),
      () => {},
    );
  };

  const issue = async (values: IssueForm) => {
    if (!template) {
      return;
    }
    const everyone = values.target === 'all';
    if (!everyone && values.customerIds.length === 0) {
      setError(COUPON_MESSAGES.issueNobody);
      return;
    }
    if (everyone) {
      const sure = await modal.confirm({
        title: '发放给全部注册用户？',
        content: `每位注册用户将获得一张「${template.couponName}」，已持有的用户不会重复获得。`,
        okText: '确定发放',
        cancelText: '再想想',
      });
      if (!sure) {
        return;
      }
    }
    await run(async () => {
      const answer = await api.POST('/console/v1/coupons/{templateId}/issue', {
        params: { path: { templateId: template.templateId } },
        body: everyone ? { all: true } : { customerIds: values.customerIds },
      });
      void message.success(answer.issued > 0 ? `已发放给 ${answer.issued} 位用户` : '所选用户都已持有这张优惠券');
      onIssued();
    });
  };

  return (
    <SaveDialog
      title={template ? `发放优惠券：${template.couponName}` : '发放优惠券'}
      open={template !== null}
      width={640}
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      {template ? (
        <Typography.Paragraph type="secondary">
          面额 ¥{centsToYuan(template.couponValue)}，有效期 {template.startTime.slice(0, 10)} 至{' '}
          {template.endTime.slice(0, 10)}，{template.rangeType === 'all' ? '全部商品可用' : '指定商品可用'}。
        </Typography.Paragraph>
      ) : null}
      <Form<IssueForm> form={form} layout="vertical" onFinish={(values) => void issue(values)}>
        <Form.Item label="发放对象" name="target">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'chosen', label: '指定用户' },
              { value: 'all', label: '全部注册用户' },
            ]}
          />
        </Form.Item>
        {target === 'all' ? null : (
          <Form.Item label="用户（输入手机号或昵称搜索，至少2个字）" name="customerIds">
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={search}
              open={listOpen}
              onOpenChange={setListOpen}
              onSelect={() => setListOpen(false)}
              options={options}
              placeholder="如 138 或 王"
              aria-label="发放用户"
              notFoundContent="输入手机号或昵称搜索"
            />
          </Form.Item>
        )}
      </Form>
    </SaveDialog>
  );
}
