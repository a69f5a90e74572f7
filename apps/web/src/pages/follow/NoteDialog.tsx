import { FRIEND_NOTE_MAX } from '@glucoguard/domain';
import { GuardedInput } from '@glucoguard/ui';
import { Dialog } from 'antd-mobile';
import { useEffect, useState } from 'react';
import styles from './NoteDialog.module.css';

export interface NoteDialogProps {
  visible: boolean;
  /** The note shown when the dialog opens. */
  initial: string;
  onSave: (note: string) => void;
  onClose: () => void;
}

/** Edits a friend's note name (备注). The domain's check runs on save, so an empty note shows 备注不能为空. */
export function NoteDialog({ visible, initial, onSave, onClose }: NoteDialogProps) {
  const [note, setNote] = useState(initial);
  useEffect(() => {
    if (visible) {
      setNote(initial);
    }
  }, [visible, initial]);
  return (
    <Dialog
      visible={visible}
      title="修改备注"
      onClose={onClose}
      content={
        <GuardedInput
          aria-label="备注"
          placeholder="请输入备注"
          maxLength={FRIEND_NOTE_MAX}
          value={note}
          onChange={setNote}
          className={styles.noteDialogGuardedInput}
        />
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'save', text: '保存', bold: true, onClick: () => onSave(note) },
        ],
      ]}
    />
  );
}
