// The dialog of the console's add/edit forms (药店, 网店, 服务): 保存 (busy while the submit runs) and
// 取消, and the submit's failure or validation message above the form. forceRender keeps the form
// mounted while the dialog is closed, so the dialog can fill it in when it opens. A tall form (商品)
// scrolls inside the dialog, and a new message is scrolled into view.
import { Alert, Modal } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './SaveDialog.module.css';

export function SaveDialog({
  title,
  open,
  width,
  busy,
  error,
  onSave,
  onClose,
  tall = false,
  okText = '保存',
  children,
}: {
  title: ReactNode;
  open: boolean;
  width: number;
  /** A form taller than the screen: its body scrolls between the fixed title and 保存. */
  tall?: boolean;
  /** The confirming button's text when it is not 保存 (e.g. 确认完成). */
  okText?: string;
  busy: boolean;
  error: string | null;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  // In a tall form the message may sit above what is scrolled into view: bring it back.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) {
      alertRef.current?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [error]);

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText={okText}
      cancelText="取消"
      confirmLoading={busy}
      onOk={onSave}
      onCancel={onClose}
      forceRender
      classNames={tall ? { body: styles.tallBody } : undefined}
    >
      {error && (
        <div ref={alertRef}>
          <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />
        </div>
      )}
      {children}
    </Modal>
  );
}
