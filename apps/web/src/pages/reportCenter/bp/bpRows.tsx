import { levelFromColor, type BpLevel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { BP_LEVEL_COLOURS } from '../colours';
import styles from './bpRows.module.css';

/** The class of one cell of a pressure table's row (a page's own class of doubled specificity adjusts it). */
export const BP_CELL = styles.cell;

/** The header row of a pressure table, the patient's own and a follower's alike. */
export function BpHeaderRow() {
  return (
    <div role="row" className={styles.bpHeaderRowBox}>
      <span className={`${BP_CELL} ${styles.timeCell}`}>时间</span>
      <span className={BP_CELL}>收缩压</span>
      <span className={BP_CELL}>舒张压</span>
      <span className={BP_CELL}>脉搏</span>
    </div>
  );
}

/** A reading's level and table colour, from the `color` the server judged it with. */
export function bpRecordLevel(record: Pick<Schema<'BloodPressureVo'>, 'color'>): { level?: BpLevel; colour?: string } {
  const level = record.color === null ? undefined : levelFromColor(record.color);
  return level === undefined ? {} : { level, colour: BP_LEVEL_COLOURS[level] };
}
