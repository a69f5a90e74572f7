import type { Schema } from '@glucoguard/sdk';
import { Link } from 'react-router-dom';
import { ReportSection } from './ReportParts';
import styles from './MedicationDaysSection.module.css';

type MedicationDay = Schema<'SugarReport'>['medicationDays'][number];

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** Monday 0 … Sunday 6 of a `YYYY-MM-DD` day (calendar arithmetic on the text, no time zone). */
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * 用药情况 (docs/adr/0161-medication-in-reports-and-console.md): every day of the report's period in a
 * week grid from Monday, each with ✓ (medication recorded) or — (none) and that day's number of
 * glucose readings, so the days with medication stand next to the sugar readings of the same days.
 * Marks are characters with words in the legend, never colour alone.
 */
export function MedicationDaysSection({ days }: { days: readonly MedicationDay[] }) {
  const taken = days.filter((d) => d.taken).length;
  const first = days[0];
  const blanks = first ? weekdayOf(first.date) : 0;
  return (
    <ReportSection title="用药情况">
      <p className={styles.summary}>
        有用药记录 <strong className={styles.count}>{taken}</strong> 天，未记录{' '}
        <strong className={styles.count}>{days.length - taken}</strong> 天
      </p>
      <div role="table" aria-label="每日用药与血糖测量" className={styles.grid}>
        <div role="row" className={styles.row}>
          {WEEKDAYS.map((w) => (
            <span role="columnheader" key={w} className={styles.weekday}>
              {w}
            </span>
          ))}
        </div>
        <div role="row" className={styles.row}>
          {Array.from({ length: blanks }, (_, i) => (
            <span key={`blank-${i}`} className={styles.blank} aria-hidden="true" />
          ))}
          {days.map((day) => (
            <span
              role="cell"
              key={day.date}
              data-taken={day.taken}
              className={day.taken ? styles.dayTaken : styles.day}
              aria-label={`${Number(day.date.slice(5, 7))}月${Number(day.date.slice(8))}日：${
                day.taken ? `已用药${day.medicationCount}次` : '未记录用药'
              }，血糖${day.sugarCount}次`}
            >
              <span className={styles.date}>{Number(day.date.slice(8))}</span>
              <span className={styles.mark} aria-hidden="true">
                {day.taken ? '✓' : '—'}
              </span>
              <span className={styles.sugar} aria-hidden="true">
                {day.sugarCount > 0 ? `血糖${day.sugarCount}` : '无血糖'}
              </span>
            </span>
          ))}
        </div>
      </div>
      <ul className={styles.legend}>
        <li>✓ 当天有用药记录</li>
        <li>— 当天没有用药记录</li>
        <li>“血糖N”为当天测量次数</li>
      </ul>
      <Link to="/calendar" className={styles.diaryLink}>
        打开用药记录
      </Link>
    </ReportSection>
  );
}
