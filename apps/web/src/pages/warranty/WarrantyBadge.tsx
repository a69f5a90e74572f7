import type { warrantyState } from '@glucoguard/domain';
import styles from './warranty.module.css';

/** 在保 / 已过保 with the last covered day, as the list and the detail show it. */
export function WarrantyBadge({ state }: { state: ReturnType<typeof warrantyState> }) {
  return (
    <span className={styles.badgeLine} aria-label="保修状态">
      <span className={state.expired ? styles.badgeExpired : styles.badgeValid}>{state.label}</span>
      {state.lastDay === null ? null : <span className={styles.badgeDate}>保修至 {state.lastDay}</span>}
    </span>
  );
}
