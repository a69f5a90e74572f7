import { useId } from 'react';
import type { ChangeEvent } from 'react';
import styles from './value-dial.module.css';

export interface ValueDialProps {
  /** The field's text (what the user typed, or the dial's value). */
  value: string;
  onChange: (value: string) => void;
  /** Called when the field or the dial is left: the place to apply a clamping rule. */
  onBlur?: () => void;
  min: number;
  max: number;
  step: number;
  /** Accessible name of the number field; the slider is named `${label}刻度`. */
  label: string;
  unit?: string;
  /** The colour of the big number (the reading's band); the theme colour by default. */
  colour?: string;
  disabled?: boolean;
  /** Decimals the field accepts (extra typed decimals are dropped); 0 for whole numbers. */
  decimals?: number;
  /** Shows `label` above the number as its visible label (where several dials share a page). */
  showLabel?: boolean;
}

/** Keeps at most `decimals` decimals of typed text, and only digits and one point. */
export function limitDecimals(text: string, decimals: number): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  if (decimals <= 0) {
    return whole;
  }
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, decimals)}`;
}

/**
 * A value entry for phones: a large number field with its unit over a slider from `min` to `max`.
 * Typing and dragging both change the value; leaving either calls `onBlur`.
 */
export function ValueDial({
  value,
  onChange,
  onBlur,
  min,
  max,
  step,
  label,
  unit,
  colour,
  disabled = false,
  decimals = 1,
  showLabel = false,
}: ValueDialProps) {
  const inputId = useId();
  const numeric = Number.parseFloat(value);
  const position = Number.isFinite(numeric) ? Math.min(max, Math.max(min, numeric)) : min;
  const percent = ((position - min) / (max - min)) * 100;
  return (
    <div className={styles.valueDialBox}>
      {showLabel ? (
        <label htmlFor={inputId} className={styles.valueDialLabel}>
          {label}
        </label>
      ) : null}
      <div className={styles.valueDialBox2}>
        <input
          id={inputId}
          aria-label={label}
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          value={value}
          disabled={disabled}
          placeholder="--"
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(limitDecimals(event.target.value, decimals))}
          onBlur={onBlur}
          className={styles.valueDialInput}
          style={{ color: colour ?? 'var(--gg-color-primary)' }}
        />
        {unit === undefined ? null : <span className={styles.valueDialText}>{unit}</span>}
      </div>
      <input
        type="range"
        aria-label={`${label}刻度`}
        min={min}
        max={max}
        step={step}
        value={position}
        disabled={disabled}
        onChange={(event) => onChange(String(Number(event.target.value)))}
        onBlur={onBlur}
        onPointerUp={onBlur}
        className={styles.valueDialInput2}
        style={{
          accentColor: colour,
          background: `linear-gradient(to right, ${colour ?? 'var(--gg-color-chart-line)'} ${percent}%, var(--gg-color-dial-track) ${percent}%)`,
        }}
      />
      <div className={styles.valueDialBox3}>
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}
