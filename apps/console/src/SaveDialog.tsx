// The dialog of the console's add/edit forms (药店, 网店, 服务): 保存 (busy while the submit runs) and
// 取消, and the submit's failure or validation message above the form. forceRender keeps the form
// mounted while the dialog is closed, so the dialog can fill it in when it opens.
import { Alert, Modal } from 'antd';
import type { ReactNode } from 'react';
import styles from './SaveDialog.module.css';

export function SaveDialog({
  title,
  open,
  width,
  busy,
  error,
  onSave,
  onClose,
  children,
}: {
  title: ReactNode;
  open: boolean;
  width: number;
  busy: boolean;
  error: string | null;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={onSave}
      onCancel={onClose}
      forceRender
    >
      {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
      {children}
    </Modal>
  );
}
