import { LOCATION_MESSAGES, canRetryLocation, locationLabel, type LocationFailureKind } from '@glucoguard/domain';
import { useRef, useState } from 'react';
import styles from './location-panel.module.css';

/** A located place: the names of its region (any may be missing) and its point. */
export interface LocationPlace {
  provinceName: string | null;
  cityName: string | null;
  districtName: string | null;
  longitude: number | null;
  latitude: number | null;
}

/**
 * Why `locate` failed: `denied` (no permission), `failed` (no position) or `notFound` (a position
 * that cannot be placed). Any other rejection counts as `failed`.
 */
export class LocationFailure extends Error {
  override readonly name = 'LocationFailure';
  constructor(
    readonly failure: LocationFailureKind,
    options?: { cause?: unknown },
  ) {
    super(LOCATION_MESSAGES[failure], options);
  }
}

/** The texts of the panel; the failure messages are the spec's. */
export interface LocationLabels {
  /** The group's accessible name and heading. */
  title: string;
  /** Shown while no place is known. */
  empty: string;
  /** Obtains a new position. */
  locate: string;
  /** Keeps the shown place. */
  confirm: string;
  /** While the phone looks for the position and the place is saved. */
  locating: string;
  retry: string;
  /** After {@link LOCATION_RETRY_LIMIT} failed attempts, instead of another retry. */
  exhausted: string;
  denied: string;
  failed: string;
  notFound: string;
}

export const DEFAULT_LOCATION_LABELS: LocationLabels = {
  title: '当前位置',
  empty: '尚未获取位置',
  locate: '重新定位',
  confirm: '确认位置',
  locating: '正在定位…',
  retry: '重试',
  exhausted: '多次定位未成功，请稍后再试或手动选择地区',
  ...LOCATION_MESSAGES,
};

export interface LocationPanelProps<T extends LocationPlace> {
  /** The saved place, or null when none is known yet. */
  value: T | null;
  /** A new place was obtained and saved. */
  onChange: (place: T) => void;
  /**
   * Obtains the position, saves it and answers the place with its region names; rejects with a
   * {@link LocationFailure} saying why not.
   */
  locate: () => Promise<T>;
  /** When given, a 确认位置 button keeps the shown place. */
  onConfirm?: (place: T) => void;
  /** Whether the place's name is shown (false where a region field beside it shows it). */
  showValue?: boolean;
  labels?: Partial<LocationLabels>;
}

type Phase = { kind: 'idle' } | { kind: 'locating' } | { kind: 'failed'; failure: LocationFailureKind };

/**
 * The spec's location flow as one panel: shows the saved place, lets the user confirm it or obtain a
 * new one (`locate` — the messaging app's or the browser's position, saved and placed), and says why
 * it failed with a retry, up to the spec's ten attempts.
 */
export function LocationPanel<T extends LocationPlace>({
  value,
  onChange,
  locate,
  onConfirm,
  showValue = true,
  labels: overrides,
}: LocationPanelProps<T>) {
  const labels = { ...DEFAULT_LOCATION_LABELS, ...overrides };
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [failures, setFailures] = useState(0);
  const running = useRef(false);

  const run = async () => {
    if (running.current) {
      return;
    }
    running.current = true;
    setPhase({ kind: 'locating' });
    try {
      const place = await locate();
      setFailures(0);
      setPhase({ kind: 'idle' });
      onChange(place);
    } catch (error) {
      setFailures((n) => n + 1);
      setPhase({ kind: 'failed', failure: error instanceof LocationFailure ? error.failure : 'failed' });
    } finally {
      running.current = false;
    }
  };

  const busy = phase.kind === 'locating';
  const label = value === null ? '' : locationLabel(value);
  const retryable = canRetryLocation(failures);
  // The saved place stays confirmable when a new position cannot be had (denied, failed).
  const confirm =
    onConfirm !== undefined && value !== null && label !== '' ? (
      <button
        type="button"
        className={phase.kind === 'failed' ? styles.locationPanelSecondary : styles.locationPanelPrimary}
        disabled={busy}
        onClick={() => onConfirm(value)}
      >
        {labels.confirm}
      </button>
    ) : null;

  return (
    <section role="group" aria-label={labels.title} className={styles.locationPanelBox} aria-busy={busy}>
      {showValue ? (
        <div className={styles.locationPanelBox2}>
          <span className={styles.locationPanelTitle}>{labels.title}</span>
          <span className={label === '' ? styles.locationPanelEmpty : styles.locationPanelPlace}>
            {label === '' ? labels.empty : label}
          </span>
        </div>
      ) : null}
      {busy ? (
        <p role="status" className={styles.locationPanelNote}>
          {labels.locating}
        </p>
      ) : null}
      {phase.kind === 'failed' ? (
        <p role="alert" className={styles.locationPanelError}>
          {retryable ? labels[phase.failure] : `${labels[phase.failure]} ${labels.exhausted}`}
        </p>
      ) : null}
      <div className={styles.locationPanelActions}>
        {phase.kind === 'failed' ? (
          <>
            {retryable ? (
              <button type="button" className={styles.locationPanelPrimary} onClick={() => void run()}>
                {labels.retry}
              </button>
            ) : null}
            {confirm}
          </>
        ) : (
          <>
            {confirm}
            <button
              type="button"
              className={
                onConfirm !== undefined && label !== '' ? styles.locationPanelSecondary : styles.locationPanelPrimary
              }
              disabled={busy}
              onClick={() => void run()}
            >
              {labels.locate}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
