import { PAGE_SIZES, REPAIR_SCREEN_TEXTS, REPAIR_STATUS, showsRepairNoMore } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList, LineTabs } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { REPAIR_FILLING_PATH, faultServiceDetailPath, repairTitle } from './repairPaths';
import styles from './repair.module.css';

type RepairStatus = (typeof REPAIR_STATUS)[keyof typeof REPAIR_STATUS];

const TABS = [
  { key: String(REPAIR_STATUS.inService), title: REPAIR_SCREEN_TEXTS.inServiceTab },
  { key: String(REPAIR_STATUS.completed), title: REPAIR_SCREEN_TEXTS.completedTab },
] as const;

function statusOf(value: string | null): RepairStatus {
  return value === String(REPAIR_STATUS.completed) ? REPAIR_STATUS.completed : REPAIR_STATUS.inService;
}

/**
 * /faultServiceList 报修记录 (spec 3 §2.8, §4, §9): tabs 服务中 (status 0) and 已完成 (status 1), the
 * tab kept in the address (`?status=1`) so coming back from a detail returns to it; each tab an
 * infinite list in pages of 7 with the category / model, 服务编码 and 报修时间, a tap opening
 * /faultServiceDetail. The 没有更多了 line shows only once the list holds 5 or more (the domain's
 * no-more threshold).
 */
export default function FaultServiceListPage() {
  useDocumentTitle('报修记录');
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const status = statusOf(search.get('status'));
  const loadPage = useCallback(
    async (pageNo: number) => {
      const page = await api().GET('/productUpkeep/v1/page', {
        params: { query: { pageNo, pageSize: PAGE_SIZES.repairs, status } },
      });
      return { items: page.list, currentPage: page.pageNo, totalPage: page.pageCount };
    },
    [status],
  );

  return (
    <div className={styles.page}>
      <LineTabs
        className={styles.tabs}
        tabs={TABS}
        activeKey={String(status)}
        onChange={(key) => setSearch({ status: key }, { replace: true })}
      />
      <div
        className={styles.list}
        role="tabpanel"
        aria-label={status === REPAIR_STATUS.completed ? '已完成' : '服务中'}
      >
        <InfiniteList<Schema<'RepairSummary'>>
          aria-label="报修记录"
          resetKey={status}
          loadPage={loadPage}
          itemKey={(repair) => repair.upkeepId}
          emptyText={
            status === REPAIR_STATUS.completed ? REPAIR_SCREEN_TEXTS.emptyCompleted : REPAIR_SCREEN_TEXTS.emptyInService
          }
          finishedText={(loaded) =>
            showsRepairNoMore(loaded) ? <p className={styles.noMore}>{REPAIR_SCREEN_TEXTS.noMore}</p> : null
          }
          renderItem={(repair) => <RepairCard repair={repair} />}
        />
      </div>
      <div className={styles.fab}>
        <Button block color="primary" size="large" onClick={() => void navigate(REPAIR_FILLING_PATH)}>
          我要报修
        </Button>
      </div>
    </div>
  );
}

function RepairCard({ repair }: { repair: Schema<'RepairSummary'> }) {
  const done = repair.status !== REPAIR_STATUS.inService;
  const title = repairTitle(repair);
  return (
    <Link to={faultServiceDetailPath(repair.upkeepId)} className={styles.card} aria-label={`报修 ${repair.upkeepCode}`}>
      <div className={styles.cardHead}>
        <span className={styles.cardTitle}>{title}</span>
        <span className={done ? `${styles.status} ${styles.statusDone}` : styles.status}>
          {done ? REPAIR_SCREEN_TEXTS.completedTab : REPAIR_SCREEN_TEXTS.inServiceTab}
        </span>
      </div>
      <p className={styles.line}>
        服务编码：<strong>{repair.upkeepCode}</strong>
      </p>
      <p className={styles.line}>
        报修时间：<strong>{repair.createTime}</strong>
      </p>
    </Link>
  );
}
