/** The report center's top tabs (spec 2 §2.1), in display order. */
export const REPORT_CENTER_TABS = [
  { key: 'sugar', title: '血糖' },
  { key: 'pressure', title: '血压' },
  { key: 'ketone', title: '血酮' },
  { key: 'uric', title: '尿酸' },
  { key: 'report', title: '报告' },
] as const;
export type ReportCenterTab = (typeof REPORT_CENTER_TABS)[number]['key'];
/** The bottom tabs: data (table) and trend (chart); hidden on the report list. */
export const REPORT_CENTER_VIEWS = [
  { key: 'table', title: '数据' },
  { key: 'chart', title: '趋势' },
] as const;
export type ReportCenterView = (typeof REPORT_CENTER_VIEWS)[number]['key'];

/** sessionStorage key of the chosen top tab. */
export const REPORT_CENTER_TAB_KEY = 'glucoguard.reportCenterTab';

function isTab(value: string | null): value is ReportCenterTab {
  return REPORT_CENTER_TABS.some((tab) => tab.key === value);
}

/** The tab to open: none remembered when entered from '/', else the remembered one, else sugar. */
export function initialTab(enteredFromRoot: boolean): ReportCenterTab {
  if (enteredFromRoot) {
    sessionStorage.removeItem(REPORT_CENTER_TAB_KEY);
    return 'sugar';
  }
  const stored = sessionStorage.getItem(REPORT_CENTER_TAB_KEY);
  return isTab(stored) ? stored : 'sugar';
}

/** Remembers the chosen top tab for the session. */
export function rememberTab(tab: ReportCenterTab): void {
  sessionStorage.setItem(REPORT_CENTER_TAB_KEY, tab);
}
