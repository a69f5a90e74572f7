import { NO_REPORT_PATH, REPORT_TYPE, parseReportDetailSearch, reportName } from '@glucoguard/domain';
import type { ReportPeriodRef, ReportType } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading } from 'antd-mobile';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSession } from '../../../store/session';
import { REPORT_CENTER_TAB_KEY } from '../tabs';
import { BpReportBody } from './BpReportBody';
import { Disclaimer } from './ReportParts';
import { SugarReportBody } from './SugarReportBody';
import styles from './ReportDetailPage.module.css';

type Loaded = { kind: 'sugar'; report: Schema<'SugarReport'> } | { kind: 'pressure'; report: Schema<'BpReport'> };
type Answer = { existsFlag: boolean; count: number; loaded: Loaded | null };
type State = { status: 'loading' } | { status: 'ready'; loaded: Loaded } | { status: 'failed'; message: string };

const dates = (period: Extract<ReportPeriodRef, { kind: 'week' }>) => ({
  params: { query: { startDate: period.startDate, endDate: period.endDate } },
});
const yearMonth = (period: Extract<ReportPeriodRef, { kind: 'month' }>) => ({
  params: { query: { year: period.year, month: period.month } },
});
const sugar = (r: Schema<'SugarReport'> | null): Loaded | null => (r === null ? null : { kind: 'sugar', report: r });
const pressure = (r: Schema<'BpReport'> | null): Loaded | null => (r === null ? null : { kind: 'pressure', report: r });

/** The one call for the report type and period. */
async function loadReport(reportType: ReportType, period: ReportPeriodRef): Promise<Answer> {
  if (reportType === REPORT_TYPE.pressure) {
    if (period.kind === 'month') {
      const a = await api().GET('/healthReport/v1/getBpMonthReport', yearMonth(period));
      return { existsFlag: a.existsFlag, count: a.count, loaded: pressure(a.healthMonthReportVo) };
    }
    const a = await api().GET('/healthReport/v1/getBpWeekReport', dates(period));
    return { existsFlag: a.existsFlag, count: a.count, loaded: pressure(a.healthWeekReportVo) };
  }
  if (period.kind === 'month') {
    const a = await api().GET('/healthReport/v1/getMonthReport', yearMonth(period));
    return { existsFlag: a.existsFlag, count: a.count, loaded: sugar(a.healthMonthReportVo) };
  }
  const a = await api().GET('/healthReport/v1/getWeekReport', dates(period));
  return { existsFlag: a.existsFlag, count: a.count, loaded: sugar(a.healthWeekReportVo) };
}

function BackToList() {
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      onClick={() => {
        sessionStorage.setItem(REPORT_CENTER_TAB_KEY, 'report');
        void navigate('/reportCenter/reportCenter', { replace: true });
      }}
    >
      返回报告列表
    </Button>
  );
}

/**
 * /reportCenter/bloodSugar/bloodSugarReportDetail (spec 2 §2.6): a weekly or monthly sugar or pressure
 * report. The list only opens periods with enough readings; should the readings have been deleted
 * since, the API's existsFlag false sends the user on to the no-report page all the same.
 */
export default function ReportDetailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const nickname = useSession((s) => s.customer?.nickname ?? '');
  const query = useMemo(() => parseReportDetailSearch(location.search), [location.search]);
  const name = query === null ? '健康报告' : reportName(query.period, query.reportType);
  useDocumentTitle(name);
  const read = useApiData(() => loadReport(query!.reportType, query!.period), location.search, {
    enabled: query !== null,
    clear: true,
    onLoad: (answer) => {
      if (query !== null && (!answer.existsFlag || answer.loaded === null)) {
        const params = new URLSearchParams({
          name,
          count: String(answer.count),
          reportType: String(query.reportType),
        });
        void navigate(`${NO_REPORT_PATH}?${params.toString()}`, { replace: true });
      }
    },
  });
  const state: State =
    read.data !== null && read.data.loaded !== null && read.data.existsFlag
      ? { status: 'ready', loaded: read.data.loaded }
      : read.failed
        ? {
            status: 'failed',
            message: isApiError(read.error) && read.error.errMsg !== '' ? read.error.errMsg : '加载失败',
          }
        : { status: 'loading' };

  if (query === null) {
    return (
      <EmptyState title="报告地址不完整" description="请从报告列表打开报告">
        <BackToList />
      </EmptyState>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className={styles.reportDetailPageBox}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <EmptyState title={state.message}>
        <BackToList />
      </EmptyState>
    );
  }
  const { loaded } = state;
  return (
    <div className={styles.reportDetailPageBox2}>
      <header className={styles.reportDetailPageHeader}>
        <h1 className={styles.reportDetailPageTitle}>{name}</h1>
        <div className={styles.reportDetailPageBox3}>
          {nickname === '' ? null : <span className={styles.reportDetailPageText}>{nickname}</span>}
          {loaded.report.startTime} 至 {loaded.report.endTime}
        </div>
      </header>
      {loaded.kind === 'sugar' ? <SugarReportBody report={loaded.report} /> : <BpReportBody report={loaded.report} />}
      <Disclaimer />
    </div>
  );
}
