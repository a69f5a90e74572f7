import { SUGAR_COUNT_ORDER, SUGAR_LEVEL_LABELS } from '@glucoguard/domain';
import type { SugarLevel } from '@glucoguard/domain';
import styles from './SugarCounts.module.css';
import levels from '../../../ui/levelColours.module.css';

/** A range's counts: the total and one per level; `null` while they load. */
export type SugarCountValues = Readonly<Record<SugarLevel | 'total', number>>;

/**
 * The six counts above a sugar table — 总次数, then the levels in the domain's one order
 * (`SUGAR_COUNT_ORDER`) and each level in its own colour — the same for the patient's own table and
 * for a relative's view of it.
 */
export function SugarCounts({ counts }: { counts: SugarCountValues | null }) {
  return (
    <dl aria-label="血糖统计" className={styles.counts}>
      <div className={styles.count}>
        <dt className={styles.term}>总次数</dt>
        <dd aria-label="总次数" className={styles.value}>
          {counts?.total ?? '-'}
        </dd>
      </div>
      {SUGAR_COUNT_ORDER.map((level) => (
        <div key={level} className={styles.count}>
          <dt className={styles.term}>{SUGAR_LEVEL_LABELS[level]}</dt>
          <dd aria-label={SUGAR_LEVEL_LABELS[level]} data-level={level} className={`${styles.value} ${levels[level]}`}>
            {counts?.[level] ?? '-'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
