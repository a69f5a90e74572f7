import {
  BIRTH_DATE_MIN,
  BIRTH_DATE_PICKER_START,
  INVITE_CODE_LENGTH,
  REGISTRATION_MESSAGES,
  charCount,
} from '@glucoguard/domain';
import type { DictionaryOption } from '@glucoguard/domain';
import { GuardedInput } from '@glucoguard/ui';
import { DatePicker, Form, Selector, Switch } from 'antd-mobile';
import dayjs from 'dayjs';
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { api } from '../../api';
import { RegionPicker, useRegionLabel } from '../../components/RegionPicker';
import type { Region } from '../../components/RegionPicker';
import { showError, toast } from '../../ui/toast';
import styles from './fields.module.css';

/** A tappable value cell that opens a picker. */
export function PickerCell({
  value,
  placeholder,
  onOpen,
  label,
}: {
  value: string;
  placeholder: string;
  onOpen: () => void;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onOpen}
      className={`${styles.pickerCellButton} ${value === '' ? styles.placeholder : styles.picked}`}
    >
      {value === '' ? placeholder : value}
    </button>
  );
}

/** One choice out of a dictionary as chips; `allowNone` lets a second tap clear it. */
export function OptionSelector({
  label,
  options,
  value,
  onChange,
  allowNone = false,
  columns = 3,
}: {
  label: string;
  options: readonly DictionaryOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  allowNone?: boolean;
  columns?: number;
}) {
  return (
    <div role="group" aria-label={label}>
      <Selector
        columns={columns}
        showCheckMark={false}
        options={options.map((option) => ({ label: option.itemValue, value: option.itemKey }))}
        value={value === null ? [] : [value]}
        onChange={(values) => {
          const next = values[0] ?? null;
          if (next !== null || allowNone) {
            onChange(next);
          }
        }}
        className={styles.optionSelectorSelector}
      />
    </div>
  );
}

/** The birth date (yyyy-MM-dd) from 1900-01-01 to today; the picker starts at 1972-01-01 when empty. */
export function BirthdayField({ value, onChange }: { value: string | null; onChange: (value: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerCell label="出生日期" value={value ?? ''} placeholder="请选择出生日期" onOpen={() => setOpen(true)} />
      <DatePicker
        title="出生日期"
        visible={open}
        min={dayjs(BIRTH_DATE_MIN).toDate()}
        max={new Date()}
        value={dayjs(value ?? BIRTH_DATE_PICKER_START).toDate()}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange(dayjs(date).format('YYYY-MM-DD'))}
      />
    </>
  );
}

/** The region cell and its picker. */
export function RegionField({ value, onChange }: { value: Region | null; onChange: (value: Region) => void }) {
  const [open, setOpen] = useState(false);
  const label = useRegionLabel(value);
  return (
    <>
      <PickerCell label="所在地区" value={label} placeholder="请选择省 / 市 / 区" onOpen={() => setOpen(true)} />
      <RegionPicker visible={open} value={value} onClose={() => setOpen(false)} onConfirm={onChange} />
    </>
  );
}

/**
 * The invite code (spec §4): once it has 6 characters it is checked on the server; a code that
 * does not check out is cleared with 请输入正确的邀请码. A scanned-in doctor's code is pre-filled
 * and read-only.
 */
export function useInviteCode() {
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<number | null>(null);
  const [locked, setLocked] = useState(false);
  const pending = useRef<Promise<number | null> | null>(null);

  const verify = useCallback((candidate: string, quiet: boolean): Promise<number | null> => {
    const run = api()
      .POST('/register/v1/checkInvitation', { body: { inviteCode: candidate } })
      .then(
        ({ isChecked }) => {
          if (isChecked === 1) {
            setChecked(1);
            return 1;
          }
          if (!quiet) {
            toast(REGISTRATION_MESSAGES.inviteWrong);
          }
          setCode('');
          setChecked(null);
          return 0;
        },
        (error: unknown) => {
          showError(error);
          return null;
        },
      )
      .finally(() => {
        pending.current = null;
      });
    pending.current = run;
    return run;
  }, []);

  const onChange = useCallback(
    (typed: string) => {
      const next = typed.trim().toUpperCase();
      setCode(next);
      setChecked(null);
      if (charCount(next) === INVITE_CODE_LENGTH) {
        void verify(next, false);
      }
    },
    [verify],
  );

  /** Pre-fills a doctor's code (read-only) or, with `lock` false, an invitation link's (editable). */
  const prefill = useCallback(
    (given: string, lock = true) => {
      setCode(given);
      setLocked(lock);
      void verify(given, true).then((result) => {
        if (result !== 1) {
          setLocked(false);
        }
      });
    },
    [verify],
  );

  /** The check result, waiting for a check still running. */
  const settle = useCallback(
    async (): Promise<number | null> => (pending.current === null ? checked : pending.current),
    [checked],
  );

  return { code, checked, locked, onChange, prefill, settle };
}

export type InviteCodeState = ReturnType<typeof useInviteCode>;

export function InviteCodeInput({ invite }: { invite: InviteCodeState }) {
  return (
    <GuardedInput
      aria-label="邀请码"
      placeholder={`请输入${INVITE_CODE_LENGTH}位邀请码`}
      value={invite.code}
      onChange={invite.onChange}
      readOnly={invite.locked}
      maxLength={INVITE_CODE_LENGTH}
      clearable={!invite.locked}
    />
  );
}

/** The family-member switch. */
export function FamilySwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return <Switch aria-label="家庭成员" checked={checked} onChange={onChange} />;
}

/** A labelled row of the registration forms. */
export function Row({ label, children, extra }: { label: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Form.Item label={label} extra={extra}>
      {children}
    </Form.Item>
  );
}
