import { formatChinaTime, measuredTimePickerBounds } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { GuardedTextArea } from '@glucoguard/ui';
import { Button, DatePicker, List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { PageLoading } from '../../components/PageLoading';
import { useApiData } from '../../hooks/useApiData';
import { showError } from '../../ui/toast';
import { DeletedNotice } from './DeletedNotice';
import { DeleteReadingButton } from './DeleteReadingButton';
import type { DeleteOutcome } from './DeleteReadingButton';
import { SelfOtherToggle } from './SelfOtherToggle';
import type { RecordTarget } from './SelfOtherToggle';
import styles from './RecordForm.module.css';

/** Where an add/edit page of a reading stands. */
export type RecordStatus = 'loading' | 'ready' | 'deleted';

/** What the API answers for the reading an edit page opens (`getById` of sugar or pressure). */
export interface ReadingToEdit<R> {
  existsFlag: boolean;
  reading: R | null;
  reminder: string | null;
}

/**
 * Loads the reading an edit page opens (`id` null on an add page) and hands it to `fill`. A
 * reading that is gone (existsFlag false, or 40400 now or when saving: `markDeleted`) makes the
 * status 'deleted'; another failure is toasted and leaves an empty form.
 */
export function useReadingToEdit<R>(
  id: string | null,
  load: (id: string) => Promise<ReadingToEdit<R>>,
  fill: (reading: R, reminder: string | null) => void,
): { status: RecordStatus; markDeleted: () => void } {
  const [deleted, setDeleted] = useState(false);
  const read = useApiData(() => load(id ?? ''), id ?? '', {
    enabled: id !== null,
    onLoad: (answer) => {
      if (answer.existsFlag && answer.reading !== null) {
        fill(answer.reading, answer.reminder);
      }
    },
    onError: (error) => {
      if (!isApiError(error, 40400)) {
        showError(error);
      }
    },
  });
  const gone =
    deleted ||
    (read.data !== null && (!read.data.existsFlag || read.data.reading === null)) ||
    (read.failed && isApiError(read.error, 40400));
  const status: RecordStatus = gone
    ? 'deleted'
    : id !== null && read.data === null && !read.failed
      ? 'loading'
      : 'ready';
  return { status, markDeleted: () => setDeleted(true) };
}

export interface RecordFormProps {
  status: RecordStatus;
  /** The report center's tab the deleted notice leads back to. */
  kind: 'sugar' | 'pressure';
  editing: boolean;
  /** Meter readings (and readings opened read-only) show their values without a way to change them. */
  readOnly: boolean;
  target: RecordTarget | null;
  onTargetChange: (next: RecordTarget | null) => void;
  /** The value section: gauge, dials and their messages. */
  values: ReactNode;
  /** A class of the page for the value section (its own spacing). */
  valuesClassName?: string;
  createTime: Date;
  onTimeChange: (picked: Date) => void;
  /** Sections between the time and the remark (the sugar's time slot). */
  details?: ReactNode;
  /** Shown above the remark, in its section (the sugar's tags). */
  beforeRemark?: ReactNode;
  remark: string;
  remarkMax: number;
  onRemarkChange: (remark: string) => void;
  reminder: string | null;
  busy: boolean;
  onSave: () => void;
  /** Deletes the reading being edited. */
  remove: () => Promise<unknown>;
  onDeleted: (outcome: DeleteOutcome) => void;
  /** Overlays after the form (the sugar's medal). */
  children?: ReactNode;
}

/**
 * The one layout of the add/edit pages of a reading (spec 2 §2.4 sugar, §2.9 pressure): who it is
 * for, the values, the measuring time, the page's own details, the remark, the reminder, 保存 and
 * 删除. A page brings its values and rules; the order and look of the form live here.
 */
export function RecordForm(props: RecordFormProps) {
  const { status, kind, editing, readOnly, createTime, remark, reminder } = props;
  const [pickingTime, setPickingTime] = useState(false);
  if (status === 'deleted') {
    return <DeletedNotice tab={kind} />;
  }
  if (status === 'loading') {
    return <PageLoading />;
  }
  return (
    <div className={styles.recordFormBox}>
      <div className={styles.recordFormBox2}>
        <SelfOtherToggle disabled={editing} target={props.target} onChange={props.onTargetChange} />
      </div>
      <div className={`${styles.values} ${props.valuesClassName ?? ''}`}>
        {props.values}
        {readOnly ? <div className={styles.recordFormBox3}>设备测量的数据不能修改</div> : null}
      </div>
      <List className={styles.recordFormList}>
        <List.Item
          title="测量时间"
          clickable={!readOnly}
          disabled={readOnly}
          onClick={() => setPickingTime(true)}
          extra={<span aria-label="测量时间">{formatChinaTime(createTime, 'YYYY-MM-DD HH:mm')}</span>}
        />
      </List>
      <DatePicker
        visible={pickingTime}
        precision="minute"
        {...measuredTimePickerBounds(new Date())}
        value={createTime}
        onClose={() => setPickingTime(false)}
        onConfirm={props.onTimeChange}
      />
      {props.details}
      <div className={styles.recordFormBox4}>
        {props.beforeRemark}
        <GuardedTextArea
          aria-label="备注"
          placeholder="添加备注（选填）"
          maxLength={props.remarkMax}
          showCount
          rows={3}
          value={remark}
          onChange={props.onRemarkChange}
          disabled={readOnly}
        />
      </div>
      {reminder === null ? null : (
        <div role="note" className={styles.recordFormBox5}>
          温馨提示：{reminder}
        </div>
      )}
      {readOnly ? null : (
        <div className={styles.recordFormBox6}>
          <Button block color="primary" size="large" disabled={props.busy} onClick={props.onSave}>
            保存
          </Button>
        </div>
      )}
      {editing && !readOnly ? (
        <div className={styles.recordFormBox7}>
          <DeleteReadingButton remove={props.remove} onDone={props.onDeleted} />
        </div>
      ) : null}
      {props.children}
    </div>
  );
}
