// The one moment a client secret is shown (after registering a client or rotating its secret): the
// client id and secret with copy buttons and a warning that it is never shown again. It closes only
// through 我已保存密钥, never by a click beside it, so the secret is not lost by a slip.
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import styles from './OpenClients.module.css';

export interface ShownSecret {
  clientId: string;
  clientName: string;
  clientSecret: string;
  /** Registered now, or a new secret of an existing client. */
  kind: 'created' | 'rotated';
}

export function SecretDialog({ secret, onClose }: { secret: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal
      title={secret?.kind === 'rotated' ? `新密钥：${secret.clientName}` : `应用已登记：${secret?.clientName ?? ''}`}
      open={secret !== null}
      width={640}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存密钥
        </Button>
      }
    >
      <Alert
        className={styles.notice}
        type="warning"
        showIcon
        title="密钥只显示这一次，关闭后无法再查看。请立即复制并交给对接方妥善保存；遗失只能重置密钥。"
      />
      {secret?.kind === 'rotated' && (
        <Alert className={styles.notice} type="info" showIcon title="旧密钥已立即失效，已签发的令牌到期前仍可使用。" />
      )}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Client ID">
          <Typography.Text className={styles.mono} copyable>
            {secret?.clientId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Client Secret">
          <Typography.Text className={styles.mono} copyable={{ tooltips: ['复制密钥', '已复制'] }}>
            {secret?.clientSecret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
