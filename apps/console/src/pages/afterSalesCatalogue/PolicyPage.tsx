// 服务政策 (operator, admin): the /servicePolicy text of each brand — its five clauses (scope, proof,
// service method, 24-hour quick handling, out-of-warranty charges), the repair-progress hotline and the
// service hours. A brand never saved shows the default text (updateTime null); 保存 replaces it whole.
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { BRAND_LABELS, type Policy } from './catalogue';
import styles from './Catalogue.module.css';

type PolicyInput = Schema<'ServicePolicyInput'>;

/** The five clauses the spec names, in order (their titles may be reworded, not their number). */
export const CLAUSE_SUBJECTS = ['保修范围', '保修凭证', '服务方式', '24小时快速处理', '保外收费'] as const;

const HOTLINE = /^[0-9-]{5,20}$/;

export function policyInputOf(values: PolicyInput): PolicyInput {
  return {
    clauses: values.clauses.map((clause) => ({ title: clause.title.trim(), body: clause.body.trim() })),
    hotline: values.hotline.trim(),
    serviceHours: values.serviceHours.trim(),
  };
}

function PolicyForm({ policy, onSaved }: { policy: Policy; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PolicyInput>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    setError(null);
    form.setFieldsValue({ clauses: policy.clauses, hotline: policy.hotline, serviceHours: policy.serviceHours });
  }, [policy, form]);

  const submit = (values: PolicyInput) =>
    run(async () => {
      await api.POST('/console/v1/after-sales/policies/{sourceId}', {
        params: { path: { sourceId: policy.sourceId } },
        body: policyInputOf(values),
      });
      void message.success(`${BRAND_LABELS[policy.sourceId]}的服务政策已保存`);
      onSaved();
    });

  return (
    <Form<PolicyInput> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
      <Typography.Paragraph type="secondary">
        {policy.updateTime ? `最后保存于 ${policy.updateTime}` : '尚未修改过，患者看到的是下面的默认文本。'}
      </Typography.Paragraph>
      {error && <Alert className={styles.filters} type="error" showIcon title={error} role="alert" />}
      <Form.List name="clauses">
        {(fields) =>
          fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className={styles.filters}
              title={`第${index + 1}条（${CLAUSE_SUBJECTS[index] ?? ''}）`}
            >
              <Form.Item
                label="标题"
                name={[field.name, 'title']}
                rules={[{ required: true, whitespace: true, max: 20, message: '条款标题为1到20个字' }]}
              >
                <Input maxLength={20} showCount aria-label={`第${index + 1}条标题`} />
              </Form.Item>
              <Form.Item
                label="内容"
                name={[field.name, 'body']}
                rules={[{ required: true, whitespace: true, max: 1000, message: '条款内容为1到1000个字' }]}
              >
                <Input.TextArea rows={3} maxLength={1000} showCount aria-label={`第${index + 1}条内容`} />
              </Form.Item>
            </Card>
          ))
        }
      </Form.List>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="报修进度热线"
            name="hotline"
            rules={[
              { required: true, pattern: HOTLINE, transform: (v: string) => v.trim(), message: '请输入正确的服务热线' },
            ]}
          >
            <Input maxLength={20} placeholder="400-000-0000" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label="客服时间"
            name="serviceHours"
            rules={[{ required: true, whitespace: true, max: 30, message: '请填写客服时间（最多30个字）' }]}
          >
            <Input maxLength={30} placeholder="7:00-00:30" />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
        <Button onClick={() => form.setFieldsValue(policy)} disabled={busy}>
          还原
        </Button>
      </Space>
    </Form>
  );
}

export default function PolicyPage() {
  const policies = useConsoleData(
    async (signal) => (await api.GET('/console/v1/after-sales/policies', { signal })).items,
  );
  const ordered = [...(policies.data ?? [])].sort((a, b) => b.sourceId - a.sourceId);

  return (
    <Card title={<Typography.Title level={4}>服务政策</Typography.Title>} loading={policies.loading}>
      <Typography.Paragraph type="secondary">
        患者在「服务政策」页看到的五条保修政策、报修进度热线和客服时间，每个品牌一份。
      </Typography.Paragraph>
      <Tabs
        items={ordered.map((policy) => ({
          key: String(policy.sourceId),
          label: BRAND_LABELS[policy.sourceId],
          children: <PolicyForm policy={policy} onSaved={policies.reload} />,
        }))}
      />
    </Card>
  );
}
