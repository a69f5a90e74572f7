// 修改密码: the old password again, the new one twice. `forced` is the first sign-in with a one-time
// password (mustChangePassword): nothing else of the console opens until it is changed.
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH } from '@glucoguard/domain';
import { api } from '../../api';
import { signedOut, updateStaff } from '../../session';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './ChangePasswordPage.module.css';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function ChangePasswordPage({ forced }: { forced: boolean }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { busy, error, run } = useConsoleSubmit();

  const submit = async ({ oldPassword, newPassword }: Values) => {
    await run(async () => {
      const staff = await api.POST('/console/v1/password', { body: { oldPassword, newPassword } });
      updateStaff(staff);
      void message.success('密码已修改');
      void navigate('/home', { replace: true });
    });
  };

  return (
    <div className={forced ? styles.forcedPage : undefined}>
      <Card className={styles.card} title="修改密码">
        {forced && (
          <Alert
            className={styles.notice}
            type="warning"
            showIcon
            title="首次登录请修改密码"
            description="你正在使用管理员发放的一次性密码，设置自己的新密码后才能使用工作台。"
          />
        )}
        {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
        <Form<Values> layout="vertical" size="large" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Form.Item
            label={forced ? '一次性密码' : '原密码'}
            name="oldPassword"
            rules={[{ required: true, message: '请输入原密码' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="新密码"
            name="newPassword"
            extra={`至少 ${STAFF_PASSWORD_MIN_LENGTH} 位`}
            rules={[
              { required: true, message: '请输入新密码' },
              { min: STAFF_PASSWORD_MIN_LENGTH, message: STAFF_MESSAGES.passwordTooShort },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  value && value === getFieldValue('oldPassword')
                    ? Promise.reject(new Error(STAFF_MESSAGES.passwordUnchanged))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error('两次输入的新密码不一致')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            确认修改
          </Button>
          {forced && (
            <Button type="link" block onClick={() => signedOut()}>
              退出登录
            </Button>
          )}
        </Form>
        {!forced && (
          <Typography.Paragraph type="secondary" className={styles.hint}>
            修改后，你在其他设备上的登录会失效。
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
