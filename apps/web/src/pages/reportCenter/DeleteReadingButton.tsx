import { READING_DELETE_MESSAGES } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { Button, Dialog } from 'antd-mobile';
import { type CSSProperties } from 'react';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import styles from './DeleteReadingButton.module.css';

/** How a delete ended: done, or the reading was already gone (40400), or nothing happened. */
export type DeleteOutcome = 'deleted' | 'gone' | 'cancelled' | 'failed';

/**
 * Asks 确定删除此条记录吗? and, if confirmed, deletes with `remove`: 删除成功 when it is done; a
 * reading already gone (or not the user's) answers 'gone' without a message, anything else shows
 * the error.
 */
export async function confirmDeleteReading(remove: () => Promise<unknown>): Promise<DeleteOutcome> {
  const confirmed = await Dialog.confirm({
    content: READING_DELETE_MESSAGES.confirm,
    confirmText: '删除',
    cancelText: '取消',
  });
  if (!confirmed) {
    return 'cancelled';
  }
  try {
    await remove();
    toast(READING_DELETE_MESSAGES.done);
    return 'deleted';
  } catch (error) {
    if (isApiError(error, 40400)) {
      return 'gone';
    }
    showError(error);
    return 'failed';
  }
}

/**
 * The delete action of one of the user's own readings (never shown for a meter's reading or a
 * friend's view). `compact` is the table row's button, still a 44-pixel tap target.
 */
export function DeleteReadingButton({
  label,
  remove,
  onDone,
  compact = false,
  style,
}: {
  /** What screen readers announce for a table row's button (it starts with 删除), e.g. 删除11-20 08:00的血酮记录. */
  label?: string;
  remove: () => Promise<unknown>;
  onDone: (outcome: 'deleted' | 'gone') => void;
  compact?: boolean;
  style?: CSSProperties;
}) {
  // The guard's lock, without rendering `busy` as `disabled`: the confirmation's mask covers the
  // button while it is up, and a tap right after 取消 must not meet a still-disabled button (ADR 0031).
  const { run } = useSubmitGuard({ loader: false });
  const click = () =>
    run(async () => {
      const outcome = await confirmDeleteReading(remove);
      return () => {
        if (outcome === 'deleted' || outcome === 'gone') {
          onDone(outcome);
        }
      };
    });
  return (
    <Button
      aria-label={label}
      color="danger"
      fill="outline"
      block={!compact}
      size={compact ? 'middle' : 'large'}
      onClick={(event) => {
        // In a tappable row, deleting is not opening the reading.
        event.stopPropagation();
        void click();
      }}
      className={compact ? styles.compact : undefined}
      style={style}
    >
      {compact ? '删除' : '删除此条记录'}
    </Button>
  );
}
