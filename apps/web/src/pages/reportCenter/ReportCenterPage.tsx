import { TabBarList } from '@glucoguard/ui';
import { Tabs } from 'antd-mobile';
import { Suspense, lazy, useState } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { REPORT_CENTER_TABS, REPORT_CENTER_VIEWS, initialTab, rememberTab } from './tabs';
import type { ReportCenterTab, ReportCenterView } from './tabs';
import styles from './ReportCenterPage.module.css';

type View = LazyExoticComponent<ComponentType<{ view: ReportCenterView }>>;

// Each top tab's table/chart pair is its own chunk.
const VIEWS: Record<Exclude<ReportCenterTab, 'report'>, View> = {
  sugar: lazy(() => import(/* webpackChunkName: "report-sugar" */ './sugar/SugarView')),
  pressure: lazy(() => import(/* webpackChunkName: "report-pressure" */ './bp/BpView')),
  ketone: lazy(() => import(/* webpackChunkName: "report-ketone" */ './labs/KetoneView')),
  uric: lazy(() => import(/* webpackChunkName: "report-uric" */ './labs/UricAcidView')),
};
const ReportListView = lazy(() => import(/* webpackChunkName: "report-list" */ './report/ReportListView'));

/**
 * /reportCenter/reportCenter (spec 2 §2.1): top tabs 血糖 血压 血酮 尿酸 报告, bottom tabs 数据 / 趋势
 * (hidden on 报告). The top tab is remembered for the session and forgotten when entered from '/'.
 */
export default function ReportCenterPage() {
  useDocumentTitle('报告中心');
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<ReportCenterTab>(() => {
    const fromRoot = (location.state as { from?: string } | null)?.from === '/';
    if (fromRoot) {
      // Forget the marker so a reload restores the remembered tab instead of clearing it again.
      void navigate(location.pathname + location.search, { replace: true, state: null });
    }
    return initialTab(fromRoot);
  });
  const [view, setView] = useState<ReportCenterView>('table');
  const Current = tab === 'report' ? null : VIEWS[tab];

  return (
    <div className={styles.reportCenterPageBox}>
      <div className={styles.reportCenterPageBox2}>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            const next = key as ReportCenterTab;
            rememberTab(next);
            setTab(next);
          }}
        >
          {REPORT_CENTER_TABS.map((item) => (
            <Tabs.Tab key={item.key} title={item.title} />
          ))}
        </Tabs>
      </div>
      <main className={`${styles.reportCenterPageMain} ${tab === 'report' ? styles.reportTab : styles.dataTab}`}>
        <Suspense fallback={<PageLoading />}>
          {Current === null ? <ReportListView /> : <Current key={`${tab}-${view}`} view={view} />}
        </Suspense>
      </main>
      {tab === 'report' ? null : (
        <div className={styles.reportCenterPageBox3}>
          <TabBarList label="数据视图" tabs={REPORT_CENTER_VIEWS} activeKey={view} onChange={setView} />
        </div>
      )}
    </div>
  );
}
