import { DIARY_FIRST_YEAR, diaryYears, monthCalendar } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError } from '../../ui/toast';
import { chinaToday, dayQuery, monthBounds } from './diary';
import styles from './medication.module.css';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** A whole number from the query within [min, max], else `fallback`. */
function queryNumber(value: string | null, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * /calendar (spec 3 §2.4): year and month dropdowns (2019 to this year), the month's days with a
 * mark on those with records; a past or present day opens its records, or the form when it has
 * none; future days cannot be chosen. The month shown is kept in the address, so 返回 comes back to it.
 */
export default function CalendarPage() {
  useDocumentTitle('用药记录');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const today = chinaToday();
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const year = queryNumber(params.get('year'), DIARY_FIRST_YEAR, thisYear, thisYear);
  const lastMonth = year === thisYear ? thisMonth : 12;
  const month = queryNumber(params.get('month'), 1, lastMonth, year === thisYear ? thisMonth : 1);
  const { first, last } = monthBounds(year, month);

  const records = useApiData(
    () =>
      api().GET('/customer/v1/queryMedicineRecord', {
        params: { query: { recordStartDate: first, recordEndDate: last } },
      }),
    [first, last],
    { onError: showError },
  );
  const counts = new Map<string, number>();
  for (const record of records.data?.items ?? []) {
    const day = record.recordTime.slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }

  const show = (nextYear: number, nextMonth: number) => {
    const latest = nextYear === thisYear ? thisMonth : 12;
    setParams({ year: String(nextYear), month: String(Math.min(nextMonth, latest)) }, { replace: true });
  };

  const open = (day: string) => {
    const query = new URLSearchParams(dayQuery(day));
    if ((counts.get(day) ?? 0) > 0) {
      void navigate(`/medicationRecordList?${query.toString()}`);
    } else {
      void navigate(`/addMedication?${new URLSearchParams({ name: 'add', ...dayQuery(day) }).toString()}`);
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-label="用药日历">
        <div className={styles.pickers}>
          <label className={styles.pickerLabel}>
            <select
              aria-label="年份"
              className={styles.select}
              value={year}
              onChange={(event) => show(Number(event.target.value), month)}
            >
              {diaryYears(thisYear).map((y) => (
                <option key={y} value={y}>
                  {y}年
                </option>
              ))}
            </select>
          </label>
          <label className={styles.pickerLabel}>
            <select
              aria-label="月份"
              className={styles.select}
              value={month}
              onChange={(event) => show(year, Number(event.target.value))}
            >
              {MONTHS.filter((m) => m <= lastMonth).map((m) => (
                <option key={m} value={m}>
                  {m}月
                </option>
              ))}
            </select>
          </label>
        </div>
        <table role="grid" aria-label={`${year}年${month}月`} className={styles.calendar}>
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} className={styles.weekday}>
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthCalendar(year, month).map((week, w) => (
              <tr key={w}>
                {week.map((cell, i) => {
                  if (cell === null) {
                    return <td key={i} />;
                  }
                  const count = counts.get(cell.day) ?? 0;
                  const future = cell.day > today;
                  const classes = [
                    styles.day,
                    count > 0 ? styles.recorded : '',
                    cell.day === today ? styles.today : '',
                  ].join(' ');
                  return (
                    <td key={cell.day} className={styles.dayCell}>
                      <button
                        type="button"
                        className={classes}
                        disabled={future || records.data === null}
                        aria-label={`${month}月${cell.date}日${count > 0 ? ` 已记录${count}次用药` : ''}${future ? ' 未到' : ''}`}
                        onClick={() => open(cell.day)}
                      >
                        <span>{cell.date}</span>
                        <span className={styles.mark} aria-hidden="true">
                          {count > 0 ? '已记' : cell.day === today ? '今天' : ''}
                        </span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {records.failed ? <EmptyState title="加载失败，请稍后重试" /> : null}
      </section>
      <p className={styles.hint}>带“已记”的日子有用药记录，点一下可查看或修改；点其他日子可补记当天的用药。</p>
    </div>
  );
}
