// Sign-in: username and password, then — for an account with TOTP — the 6-digit code of the
// authenticator app as a second step. The API answers 请输入动态验证码 when the password was right
// and a code is needed (not counted as a failure), 验证码错误 for a wrong code, and locks the account
// after five failures in a row (docs/adr/0120-console-app.md).
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { permissionsOf, STAFF_MESSAGES } from '@glucoguard/domain';
import { api, messageOf } from '../../api';
import { clearNotice, signedIn, useConsoleSession } from '../../session';
import styles from './SignInPage.module.css';

interface Credentials {
  username: string;
  password: string;
}

export function SignInPage() {
  const { notice } = useConsoleSession();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [totpCode, setTotpCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Credentials, code?: string) => {
    if (busy) {
      return;
    }
    setBusy(true);
    setError(null);
    clearNotice();
    try {
      const answer = await api.POST('/console/v1/signIn', {
        body: { username: values.username.trim(), password: values.password, ...(code && { totpCode: code }) },
      });
      signedIn({ ...answer, permissions: permissionsOf(answer.staff.role) });
    } catch (failure) {
      const text = messageOf(failure);
      if (text === STAFF_MESSAGES.totpNeeded) {
        setCredentials(values);
      } else {
        setError(text);
        setTotpCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <Typography.Title level={3} className={styles.title}>
          糖护医疗 · 工作台
        </Typography.Title>
        <Typography.Text type="secondary" className={styles.subtitle}>
          医生、药师、运营与管理员登录
        </Typography.Text>
        {notice && !error && <Alert className={styles.otp} type="info" showIcon title={notice} />}
        {error && <Alert className={styles.otp} type="error" showIcon title={error} role="alert" />}
        {credentials ? (
          <Form
            layout="vertical"
            onFinish={() => void submit(credentials, totpCode)}
            requiredMark={false}
            aria-label="动态验证码"
          >
            <Typography.Paragraph>
              <SafetyOutlined /> 请输入身份验证器中 <b>{credentials.username}</b> 的 6 位动态验证码
            </Typography.Paragraph>
            <div className={styles.otp}>
              <Input.OTP
                length={6}
                size="large"
                value={totpCode}
                autoFocus
                aria-label="动态验证码"
                onChange={(value) => {
                  setTotpCode(value);
                  if (/^\d{6}$/.test(value)) {
                    void submit(credentials, value);
                  }
                }}
              />
            </div>
            <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={totpCode.length < 6}>
              验证并登录
            </Button>
            <Button
              type="link"
              block
              onClick={() => {
                setCredentials(null);
                setTotpCode('');
                setError(null);
              }}
            >
              返回
            </Button>
          </Form>
        ) : (
          <Form<Credentials>
            layout="vertical"
            size="large"
            requiredMark={false}
            onFinish={(values) => void submit(values)}
            aria-label="登录"
          >
            <Form.Item
              label="用户名"
              name="username"
              rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              登录
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
