import { api } from '../api';
import { useApiData } from '../hooks/useApiData';
import styles from './HealthTip.module.css';

/** Which tip: after a check-in, or with a sugar or a pressure reading (the reports' reportType 1 and 2). */
export type HealthTipKind = 'checkIn' | 'sugar' | 'pressure';

/**
 * The health tip of the day (spec getHealthMessage): for a reading, chosen by the level of the
 * caller's own latest reading. `null` while loading, when not enabled, or when it cannot be read
 * (a tip is a nicety: its failure shows nothing).
 */
export function useHealthTip(kind: HealthTipKind, enabled = true): string | null {
  const tip = useApiData(
    async () =>
      kind === 'checkIn'
        ? api().GET('/sign/v1/getHealthMessage')
        : api().GET('/sugarTest/v1/getHealthMessage', {
            params: { query: { reportType: kind === 'pressure' ? 2 : 1 } },
          }),
    kind,
    { enabled },
  );
  return enabled ? (tip.data?.healthMessage.content ?? null) : null;
}

/** The check-in page's card: 今日健康提示 and the day's tip. */
export function HealthTipCard({ className }: { className?: string }) {
  const tip = useHealthTip('checkIn');
  if (tip === null) {
    return null;
  }
  return (
    <section aria-label="今日健康提示" className={`${styles.healthTipCard} ${className ?? ''}`}>
      <h2 className={styles.healthTipTitle}>今日健康提示</h2>
      <p className={styles.healthTipText}>{tip}</p>
    </section>
  );
}
