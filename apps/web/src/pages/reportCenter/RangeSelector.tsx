import { SUGAR_TABLE_RANGE_DAYS } from '@glucoguard/domain';
import { Selector } from 'antd-mobile';
import styles from './RangeSelector.module.css';

/** One choice of a range: its key (dateType or days) and its words. */
export interface RangeOption<K extends number> {
  value: K;
  label: string;
}

/** The tables' ranges (spec 2 §9): dateType 1/2/3 = the latest 30, 60, 90 days. */
export const TABLE_RANGES: readonly RangeOption<keyof typeof SUGAR_TABLE_RANGE_DAYS>[] = (
  Object.keys(SUGAR_TABLE_RANGE_DAYS).map(Number) as (keyof typeof SUGAR_TABLE_RANGE_DAYS)[]
).map((dateType) => ({ value: dateType, label: `近${SUGAR_TABLE_RANGE_DAYS[dateType]}天` }));

/** The same ranges by their number of days, for the lists that ask by dates (pressure, ketone, uric acid). */
export const DAY_RANGES: readonly RangeOption<number>[] = Object.values(SUGAR_TABLE_RANGE_DAYS).map((days) => ({
  value: days,
  label: `近${days}天`,
}));

/**
 * The one range control of the report screens (sugar, pressure, ketone, uric acid, and a
 * relative's view of them): every choice in sight as a row of buttons, one tap to change, the
 * chosen one marked — rather than tabs on one screen and a dropdown on the next
 * (docs/adr/0110-sheets-range-control-and-report-consistency.md).
 */
export function RangeSelector<K extends number>({
  options,
  value,
  onChange,
  label = '日期范围',
}: {
  options: readonly RangeOption<K>[];
  value: K;
  onChange: (value: K) => void;
  label?: string;
}) {
  return (
    <div role="group" aria-label={label} className={styles.rangeSelector}>
      <Selector<K>
        columns={options.length}
        options={options.map((option) => ({ label: option.label, value: option.value }))}
        value={[value]}
        onChange={(values) => values[0] !== undefined && onChange(values[0])}
        className={styles.selector}
      />
    </div>
  );
}
