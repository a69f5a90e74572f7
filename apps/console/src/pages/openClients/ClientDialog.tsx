// 登记应用 / 编辑应用: a client's name and organisation (both shown to the patient on the consent
// screen), its contact, the exact redirect URIs (one a line), the scopes with what each lets the app
// do, the grant types and the per-minute limit. The domain's rules are checked before sending, so
// a mismatch (patient scopes without the authorization code grant…) is named at once; the API
// checks them again.
import { Checkbox, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useEffect } from 'react';
import {
  CLIENT_RATE_LIMIT,
  clientSettingsProblem,
  OPEN_GRANT_TYPES,
  OPEN_GRANT_TYPE_LABELS,
  OPEN_SCOPES,
  type OpenGrantType,
  type OpenScope,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { redirectUrisOf, scopeText, type OAuthClient } from './openText';
import styles from './OpenClients.module.css';

type ClientInput = Schema<'OAuthClientInput'>;

interface ClientValues {
  name: string;
  organisation: string;
  contactPhone: string;
  contactEmail?: string;
  /** One redirect URI a line. */
  redirectUris?: string;
  allowedScopes: OpenScope[];
  grantTypes: OpenGrantType[];
  rateLimitPerMinute: number;
}

const PHONE = /^[0-9-]{5,20}$/;

/** The body of a save from the form (texts trimmed, redirect URIs one a line). */
export function clientInputOf(values: ClientValues): ClientInput {
  return {
    name: values.name.trim(),
    organisation: values.organisation.trim(),
    contactPhone: values.contactPhone.trim(),
    contactEmail: (values.contactEmail ?? '').trim(),
    redirectUris: redirectUrisOf(values.redirectUris),
    allowedScopes: OPEN_SCOPES.filter((scope) => values.allowedScopes.includes(scope)),
    grantTypes: OPEN_GRANT_TYPES.filter((grant) => values.grantTypes.includes(grant)),
    rateLimitPerMinute: values.rateLimitPerMinute,
  };
}

function valuesOf(client: OAuthClient | null): ClientValues {
  if (!client) {
    return {
      name: '',
      organisation: '',
      contactPhone: '',
      contactEmail: '',
      redirectUris: '',
      allowedScopes: ['readings.read'],
      grantTypes: ['authorization_code', 'refresh_token'],
      rateLimitPerMinute: CLIENT_RATE_LIMIT.default,
    };
  }
  return {
    name: client.name,
    organisation: client.organisation,
    contactPhone: client.contactPhone,
    contactEmail: client.contactEmail,
    redirectUris: client.redirectUris.join('\n'),
    allowedScopes: [...client.allowedScopes],
    grantTypes: client.grantTypes.filter((g): g is OpenGrantType =>
      (OPEN_GRANT_TYPES as readonly string[]).includes(g),
    ),
    rateLimitPerMinute: client.rateLimitPerMinute,
  };
}

export function ClientDialog({
  open,
  client,
  onClose,
  onCreated,
  onSaved,
}: {
  open: boolean;
  /** The client to edit, or null to register a new one. */
  client: OAuthClient | null;
  onClose: () => void;
  /** A new client, with its secret to show once. */
  onCreated: (created: Schema<'OAuthClientWithSecret'>) => void;
  onSaved: (saved: OAuthClient) => void;
}) {
  const [form] = Form.useForm<ClientValues>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(valuesOf(client));
    }
  }, [open, client, form, setError]);

  const submit = async (values: ClientValues) => {
    const body = clientInputOf(values);
    const problem = clientSettingsProblem({ ...body, rateLimitPerMinute: body.rateLimitPerMinute ?? 0 });
    if (problem) {
      setError(problem);
      return;
    }
    if (client) {
      const saved = await run(() =>
        api.POST('/console/v1/open/clients/{clientId}', { params: { path: { clientId: client.clientId } }, body }),
      );
      if (saved) {
        onSaved(saved);
      }
    } else {
      const created = await run(() => api.POST('/console/v1/open/clients', { body }));
      if (created) {
        onCreated(created);
      }
    }
  };

  return (
    <SaveDialog
      title={client ? `编辑应用：${client.name}` : '登记应用'}
      open={open}
      width={760}
      tall
      busy={busy}
      error={error}
      okText={client ? '保存' : '登记并生成密钥'}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<ClientValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="应用名称（患者授权时可见）"
              name="name"
              rules={[{ required: true, whitespace: true, max: 40, message: '应用名称为1到40个字' }]}
            >
              <Input maxLength={40} showCount placeholder="如：慢病随访系统" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="所属机构（患者授权时可见）"
              name="organisation"
              rules={[{ required: true, whitespace: true, max: 60, message: '所属机构为1到60个字' }]}
            >
              <Input maxLength={60} showCount placeholder="如：某市第一人民医院" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="联系电话"
              name="contactPhone"
              extra="推送订阅因连续失败停用时通知此号码"
              rules={[
                { required: true, pattern: PHONE, transform: (v: string) => v.trim(), message: '请输入正确的联系电话' },
              ]}
            >
              <Input maxLength={20} placeholder="如：021-64001234" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="联系邮箱（选填）"
              name="contactEmail"
              rules={[{ type: 'email', transform: (v?: string) => v?.trim(), message: '请输入正确的联系邮箱' }]}
            >
              <Input maxLength={100} placeholder="如：it@hospital.example.cn" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="回调地址（每行一个，授权时逐字匹配）"
          name="redirectUris"
          extra="须以 https:// 开头；本机调试可用 http://127.0.0.1。不能含 # 片段。"
        >
          <Input.TextArea rows={3} className={styles.mono} placeholder="https://app.example.cn/oauth/callback" />
        </Form.Item>
        <Form.Item
          label="权限"
          name="allowedScopes"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一项权限' }]}
        >
          <Checkbox.Group className={styles.checkList}>
            {OPEN_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope}>
                <Typography.Text className={styles.mono}>{scope}</Typography.Text>
                <Typography.Text type="secondary"> {scopeText(scope)}</Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              label="授权方式"
              name="grantTypes"
              rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种授权方式' }]}
            >
              <Checkbox.Group
                options={OPEN_GRANT_TYPES.map((grant) => ({ value: grant, label: OPEN_GRANT_TYPE_LABELS[grant] }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label="每分钟调用上限"
              name="rateLimitPerMinute"
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: CLIENT_RATE_LIMIT.min,
                  max: CLIENT_RATE_LIMIT.max,
                  message: `每分钟调用上限为${CLIENT_RATE_LIMIT.min}到${CLIENT_RATE_LIMIT.max}次`,
                },
              ]}
            >
              <InputNumber
                className={styles.wide}
                min={CLIENT_RATE_LIMIT.min}
                max={CLIENT_RATE_LIMIT.max}
                precision={0}
                suffix="次"
                aria-label="每分钟调用上限"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveDialog>
  );
}
