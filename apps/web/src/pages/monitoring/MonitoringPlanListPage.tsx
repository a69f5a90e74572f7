import { MONITOR_PAGE_SIZE } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { monitoringPlanPath } from './monitoringPaths';
import styles from './MonitoringPlan.module.css';

type Item = Schema<'MonitorPlanListItem'>;

/**
 * /monitoringPlanList (spec 3 §2.5): the plans doctors gave the patient, newest first, in pages of
 * 10, each with its time and description; a tap opens it on /monitoringPlan.
 */
export default function MonitoringPlanListPage() {
  useDocumentTitle('历史监测计划');
  const navigate = useNavigate();
  const loadPage = useCallback(
    (pageNo: number) => api().POST('/sugarmonitor/receive/list', { body: { pageNo, pageSize: MONITOR_PAGE_SIZE } }),
    [],
  );
  return (
    <div className={styles.page}>
      <div className={styles.list}>
        <InfiniteList<Item>
          aria-label="历史监测计划"
          loadPage={loadPage}
          itemKey={(item) => item.id}
          emptyText="暂无监测计划"
          finishedText="没有更多了"
          renderItem={(item) => (
            <button type="button" className={styles.card} onClick={() => void navigate(monitoringPlanPath(item.id))}>
              <span className={styles.cardHead}>
                <span className={styles.heading}>{item.doctorName} 医生</span>
                <span className={styles.muted}>{item.createTime.slice(0, 16)}</span>
              </span>
              <span className={styles.description}>{item.description}</span>
            </button>
          )}
        />
      </div>
    </div>
  );
}
