import { digitsOnly } from '@glucoguard/domain';
import { GuardedInput } from '@glucoguard/ui';
import { Input, List } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './FormField.module.css';

/** A form's rows as one list, with field names and text sized for readers over 60. */
export function FormList({ children }: { children: ReactNode }) {
  return <List className={styles.form}>{children}</List>;
}

/**
 * One row of a {@link FormList}: its name (starred when required), an optional hint, the control.
 * `labelFor` names the control's id when the control cannot take an aria-label itself (antd-mobile's
 * TextArea puts it on its wrapper), so the name becomes its `<label>`.
 */
export function FormField({
  label,
  required = false,
  hint,
  labelFor,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  labelFor?: string;
  children: ReactNode;
}) {
  const Name = labelFor === undefined ? 'span' : 'label';
  return (
    <List.Item
      title={
        <Name className={styles.fieldName} htmlFor={labelFor}>
          {required ? (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          ) : null}
          {label}
          {hint ? <span className={styles.hint}>{hint}</span> : null}
        </Name>
      }
    >
      {children}
    </List.Item>
  );
}

/**
 * A {@link FormField} row holding one line of text (emoji refused by GuardedInput), named by its
 * label for screen readers and tests; `extra` sits after the input (e.g. a 扫码 button).
 */
export function TextField({
  label,
  required = false,
  placeholder,
  maxLength,
  value,
  onChange,
  extra,
}: {
  label: string;
  required?: boolean;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  extra?: ReactNode;
}) {
  const input = (
    <GuardedInput
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      value={value}
      onChange={onChange}
    />
  );
  return (
    <FormField label={label} required={required}>
      {extra === undefined ? (
        input
      ) : (
        <div className={styles.withExtra}>
          {input}
          {extra}
        </div>
      )}
    </FormField>
  );
}

/** The form's main button, fixed to the foot of the screen. */
export function FormFooter({ children }: { children: ReactNode }) {
  return <div className={styles.footer}>{children}</div>;
}

/** A tappable value in a {@link FormField} that opens a picker; shows the placeholder until something is chosen. */
export function PickerValue({
  label,
  value,
  placeholder,
  onOpen,
}: {
  label: string;
  value: string;
  placeholder: string;
  onOpen: () => void;
}) {
  return (
    <button type="button" aria-label={label} onClick={onOpen} className={styles.pickerButton}>
      <span className={value === '' ? styles.placeholder : styles.value}>{value === '' ? placeholder : value}</span>
      <span className={styles.chevron} aria-hidden="true">
        ›
      </span>
    </button>
  );
}

/** The most digits a phone field keeps (the API's limit); a wrong length is said when it is checked. */
const PHONE_DIGITS_MAX = 20;

/**
 * A phone number field that keeps only digits as it is typed or pasted (spec 3 §5). It has no
 * `maxLength`: that would cut a pasted 139-1234-5678 before its dashes are taken out.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
}) {
  return (
    <Input
      aria-label={label}
      type="tel"
      inputMode="numeric"
      placeholder="请输入手机号码"
      value={value}
      onChange={(typed) => onChange(digitsOnly(typed).slice(0, PHONE_DIGITS_MAX))}
      onBlur={onBlur}
    />
  );
}
