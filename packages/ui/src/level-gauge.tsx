import styles from './level-gauge.module.css';
import { tokens } from './tokens';
export interface LevelGaugeProps {
  /** Where the needle points, 0 (left) to 100 (right); no needle when undefined. */
  percent: number | undefined;
  /** The level's name under the gauge (e.g. 正常). */
  label?: string;
  colour?: string;
  /** Accessible name of the gauge. */
  name: string;
}

/** The needle's end on a half circle of radius `r` around (100, 100) for a percentage. */
export function needleEnd(percent: number, r = 70): { x: number; y: number } {
  const clamped = Math.min(100, Math.max(0, percent));
  const angle = Math.PI * (1 - clamped / 100);
  return {
    x: Math.round((100 + r * Math.cos(angle)) * 100) / 100,
    y: Math.round((100 - r * Math.sin(angle)) * 100) / 100,
  };
}

/** A half-circle gauge in three bands (low, normal, high) with a needle at the reading's level. */
export function LevelGauge({ percent, label, colour, name }: LevelGaugeProps) {
  const end = percent === undefined ? undefined : needleEnd(percent);
  return (
    <div
      role="meter"
      aria-label={name}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={label}
      className={styles.levelGaugeBox}
    >
      <svg width="200" height="110" viewBox="0 0 200 110" aria-hidden="true" focusable="false">
        <path d="M20 100 A80 80 0 0 1 60 30.7" fill="none" stroke={tokens.colorLevelLow} strokeWidth="14" />
        <path d="M60 30.7 A80 80 0 0 1 140 30.7" fill="none" stroke={tokens.colorLevelNormal} strokeWidth="14" />
        <path d="M140 30.7 A80 80 0 0 1 180 100" fill="none" stroke={tokens.colorLevelHigh} strokeWidth="14" />
        {end === undefined ? null : (
          <line
            x1="100"
            y1="100"
            x2={end.x}
            y2={end.y}
            stroke={tokens.colorText}
            strokeWidth="3"
            strokeLinecap="round"
          />
        )}
        <circle cx="100" cy="100" r="6" fill={tokens.colorText} />
      </svg>
      <div className={styles.levelGaugeBox2} style={{ color: colour }}>
        {label ?? ''}
      </div>
    </div>
  );
}
