import {
  REPORT_COMING_SOON_LABEL,
  REPORT_COMING_SOON_MESSAGE,
  REPORT_TYPE_NAMES,
  chinaYearMonth,
  clampReportMonth,
  pad2,
  reportDetailSearch,
  reportEntryTarget,
  reportMonthBounds,
  reportName,
} from '@glucoguard/domain';
import type { ReportPeriodRef, ReportType, YearMonth } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, DatePicker, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { toast } from '../../../ui/toast';
import styles from './ReportListView.module.css';

type ReportList = Schema<'HealthReportList'>;
type Stat = Schema<'ReportStat'>;

/** sessionStorage key of the month picked in the list, so coming back from a report keeps it. */
export const REPORT_LIST_MONTH_KEY = 'glucoguard.reportListMonth';

function storedMonth(now: number): YearMonth {
  const stored = /^(\d{4})-(\d{2})$/.exec(sessionStorage.getItem(REPORT_LIST_MONTH_KEY) ?? '');
  return stored ? clampReportMonth({ year: Number(stored[1]), month: Number(stored[2]) }, now) : chinaYearMonth(now);
}

const daysIn = (ym: YearMonth) => new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
const shortDate = (date: string) => date.slice(5);
/** The picker works on local dates; only their year and month are read. */
const toPickerDate = (ym: YearMonth) => new Date(ym.year, ym.month - 1, 1);

/** One entry of the list: a month or a week, with a button per report type showing its count. */
function ReportEntry({
  title,
  range,
  comingSoon,
  stats,
  period,
  onOpen,
}: {
  title: string;
  range: string;
  comingSoon: boolean;
  stats: readonly Stat[];
  period: 'month' | 'week';
  onOpen: (stat: Stat) => void;
}) {
  const kind = period === 'month' ? '月报' : '周报';
  return (
    <section aria-label={title} className={styles.reportEntrySection}>
      <div className={styles.reportEntryBox}>
        <h3 className={styles.reportEntryHeading}>{title}</h3>
        <span className={styles.reportEntryText}>{range}</span>
        {comingSoon ? <span className={styles.reportEntryText2}>{REPORT_COMING_SOON_LABEL}</span> : null}
      </div>
      <div className={styles.reportEntryBox2}>
        {stats.map((stat) => (
          <button
            key={stat.reportType}
            type="button"
            aria-disabled={comingSoon}
            aria-label={`${REPORT_TYPE_NAMES[stat.reportType]}${kind}，${stat.quantity}次测量${comingSoon ? `，${REPORT_COMING_SOON_LABEL}` : ''}`}
            onClick={() => onOpen(stat)}
            className={`${styles.reportEntryButton} ${comingSoon ? styles.comingSoon : styles.available}`}
          >
            <span>
              {REPORT_TYPE_NAMES[stat.reportType]}
              {kind}
            </span>
            <span>
              <strong className={`${styles.reportEntryStrong} ${comingSoon ? '' : styles.count}`}>
                {stat.quantity}
              </strong>
              次
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * The report list, the 报告 tab of the report center (spec 2 §2.5): a month picker (January 2017 to
 * the current China month), the month's report and one entry per week, each with the count of sugar
 * and pressure readings. The list knows from those counts whether a report can be made (the domain's
 * `reportEntryTarget`), so a thin period goes straight to the no-report page.
 */
export default function ReportListView() {
  const navigate = useNavigate();
  const [month, setMonth] = useState<YearMonth>(() => storedMonth(Date.now()));
  const [picking, setPicking] = useState(false);
  const read = useApiData(
    () => api().GET('/healthReport/v1/list', { params: { query: { year: month.year, month: month.month } } }),
    [month.year, month.month],
    { clear: true },
  );
  const list: ReportList | null = read.data;
  const failed = read.failed;

  const bounds = reportMonthBounds(Date.now());
  const pick = (date: Date) => {
    const picked = clampReportMonth({ year: date.getFullYear(), month: date.getMonth() + 1 }, Date.now());
    sessionStorage.setItem(REPORT_LIST_MONTH_KEY, `${picked.year}-${pad2(picked.month)}`);
    setMonth(picked);
  };

  const open = (period: ReportPeriodRef, comingSoon: boolean, stat: Stat) => {
    const reportType: ReportType = stat.reportType;
    const name = reportName(period, reportType);
    const target = reportEntryTarget({ period: period.kind, comingSoon, reportType, quantity: stat.quantity, name });
    switch (target.kind) {
      case 'comingSoon':
        toast(REPORT_COMING_SOON_MESSAGE);
        return;
      case 'tooFewMeasurements': {
        const query = new URLSearchParams({
          name: target.query.name,
          count: String(target.query.count),
          reportType: String(target.query.reportType),
        });
        void navigate(`${target.path}?${query.toString()}`);
        return;
      }
      case 'detail':
        void navigate(`${target.path}${reportDetailSearch(period, reportType)}`);
        return;
    }
  };

  const monthPeriod: ReportPeriodRef = { kind: 'month', year: month.year, month: month.month };
  return (
    <div className={styles.reportListViewBox}>
      <div className={styles.reportListViewBox2}>
        <Button
          size="small"
          shape="rounded"
          aria-label={`选择月份，当前${month.year}年${month.month}月`}
          onClick={() => setPicking(true)}
        >
          {month.year}年{month.month}月 ▾
        </Button>
      </div>
      <DatePicker
        title="选择月份"
        precision="month"
        visible={picking}
        min={toPickerDate(bounds.min)}
        max={toPickerDate(bounds.max)}
        value={toPickerDate(month)}
        renderLabel={(type, data) => (type === 'year' ? `${data}年` : type === 'month' ? `${data}月` : String(data))}
        onClose={() => setPicking(false)}
        onConfirm={pick}
      />
      {failed ? (
        <EmptyState title="加载失败">
          <Button size="small" color="primary" fill="outline" onClick={read.reload}>
            点击重试
          </Button>
        </EmptyState>
      ) : list === null ? (
        <div className={styles.reportListViewBox3}>
          <DotLoading aria-label="加载中" />
        </div>
      ) : (
        <>
          <ReportEntry
            title={`${month.month}月月报`}
            range={`${pad2(month.month)}-01 至 ${pad2(month.month)}-${daysIn(month)}`}
            comingSoon={list.monthComingSoon}
            stats={list.monthStats}
            period="month"
            onOpen={(stat) => open(monthPeriod, list.monthComingSoon, stat)}
          />
          {list.weekInfos.map((week) => (
            <ReportEntry
              key={week.week}
              title={`第${week.week}周周报`}
              range={`${shortDate(week.startDate)} 至 ${shortDate(week.endDate)}`}
              comingSoon={week.comingSoon}
              stats={week.stats}
              period="week"
              onOpen={(stat) =>
                open(
                  {
                    kind: 'week',
                    year: month.year,
                    month: month.month,
                    week: week.week,
                    startDate: week.startDate,
                    endDate: week.endDate,
                  },
                  week.comingSoon,
                  stat,
                )
              }
            />
          ))}
        </>
      )}
    </div>
  );
}
