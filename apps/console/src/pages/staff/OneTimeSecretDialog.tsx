import { Alert, Button, Modal, QRCode, Typography } from 'antd';
import type { CreatedStaff } from './CreateStaffDialog';
import styles from './StaffPage.module.css';

/** The new account's one-time password (and TOTP code), shown this once: the server keeps only hashes. */
export function OneTimeSecretDialog({ created, onClose }: { created: CreatedStaff | null; onClose: () => void }) {
  return (
    <Modal
      title="账号已创建"
      open={created !== null}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下
        </Button>
      }
      maskClosable={false}
    >
      {created && (
        <>
          <Alert
            className={styles.notice}
            type="warning"
            showIcon
            title="一次性密码只显示这一次"
            description="请当面或通过安全渠道交给本人。首次登录后须修改密码。"
          />
          <Typography.Paragraph>
            用户名：<Typography.Text strong>{created.staff.username}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph>
            一次性密码：
            <Typography.Text className={styles.secret} copyable data-testid="one-time-password">
              {created.oneTimePassword}
            </Typography.Text>
          </Typography.Paragraph>
          {created.totpUri && (
            <>
              <Typography.Paragraph>
                请本人用身份验证器（如 Google Authenticator、微软验证器）扫描：
              </Typography.Paragraph>
              <div className={styles.qr}>
                <QRCode value={created.totpUri} size={180} />
              </div>
              <Typography.Paragraph type="secondary" copyable={{ text: created.totpUri }}>
                无法扫码时，复制链接导入验证器
              </Typography.Paragraph>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
