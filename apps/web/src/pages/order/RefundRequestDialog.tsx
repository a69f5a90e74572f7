import { ORDER_REFUND_MESSAGES, ORDER_SCREEN_TEXTS, REFUND_REASON_MAX_LENGTH } from '@glucoguard/domain';
import { GuardedTextArea } from '@glucoguard/ui';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { toast } from '../../ui/toast';
import styles from './Order.module.css';

/**
 * The reason dialog of 申请退款 after the audit or shipping (docs/adr/0194-refund-requests-and-pickup.md):
 * the customer writes why, and the request waits for the operator (退款申请中).
 */
export function RefundRequestDialog({
  open,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const submit = () => {
    const text = reason.trim();
    if (!text) {
      toast(ORDER_REFUND_MESSAGES.reasonRequired);
      return;
    }
    onSubmit(text);
  };
  return (
    <Dialog
      visible={open}
      title={ORDER_SCREEN_TEXTS.refund}
      closeOnAction={false}
      onClose={onClose}
      afterClose={() => setReason('')}
      content={
        <div className={styles.refundForm}>
          <p className={styles.note}>{ORDER_REFUND_MESSAGES.requestNote}</p>
          <GuardedTextArea
            placeholder={ORDER_REFUND_MESSAGES.reasonPlaceholder}
            rows={3}
            maxLength={REFUND_REASON_MAX_LENGTH}
            value={reason}
            onChange={setReason}
          />
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'submit', text: '提交申请', bold: true, disabled: busy, onClick: submit },
        ],
      ]}
    />
  );
}
