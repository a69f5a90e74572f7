import { WARRANTY_TEXTS, warrantyState } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import styles from './warranty.module.css';

type WarrantyDates = Pick<Schema<'Warranty'>, 'orderTime' | 'warTime' | 'expired' | 'warrantyEnd'>;

/**
 * 在保 / 已过保 with the last covered day, as the list and the detail show it: what the API answers
 * for the record (`expired`, `warrantyEnd`, counted from the record's own purchase date, so the
 * phone, the console and the server agree whatever the phone's clock says); the domain's
 * warrantyState from the purchase date only when the answer carries no end date.
 */
export function WarrantyBadge({ warranty }: { warranty: WarrantyDates }) {
  const state =
    warranty.warrantyEnd === ''
      ? warrantyState(warranty.orderTime, warranty.warTime, Date.now())
      : {
          expired: warranty.expired,
          label: warranty.expired ? WARRANTY_TEXTS.expired : WARRANTY_TEXTS.inWarranty,
          lastDay: warranty.warrantyEnd,
        };
  return (
    <span className={styles.badgeLine} aria-label="保修状态">
      <span className={state.expired ? styles.badgeExpired : styles.badgeValid}>{state.label}</span>
      {state.lastDay === null ? null : <span className={styles.badgeDate}>保修至 {state.lastDay}</span>}
    </span>
  );
}
