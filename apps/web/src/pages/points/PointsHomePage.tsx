import { PAGE_SIZES, POINTS_HOME_TASK_RULES, brandFeatures } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSession } from '../../store/session';
import { CardTitle, Figure, PointsHeader, PointsPage, card } from './layout';
import styles from './PointsHomePage.module.css';

type Line = Schema<'ScoreLine'>;

/** /integral (spec 1 §2.8): balance, shortcuts (shop, tasks, rules, ranking), the first 5 task rules and the ledger, 10 a page. */
export default function PointsHomePage() {
  useDocumentTitle('我的积分');
  const showRanking = brandFeatures(useSession((state) => state.sourceId)).showRanking;
  const summary = useApiData(() => api().GET('/sign/v1/getSignScore'));
  const rule = useApiData(() => api().GET('/customer/v1/getScoreRule'));

  return (
    <PointsPage>
      <PointsHeader>
        <div className={styles.pointsHomePageBox}>
          <Figure label="我的积分" value={summary.data?.score ?? '-'} />
          <Figure label="本月积分" value={summary.data?.monthScore ?? '-'} />
        </div>
      </PointsHeader>
      <nav aria-label="积分入口" className={`${card} ${styles.shortcuts}`}>
        <Link to="/mall/goodsList" className={styles.shortcut}>
          积分商城
        </Link>
        <Link to="/integralTask" className={styles.shortcut}>
          积分任务
        </Link>
        <Link to="/integralRule" className={styles.shortcut}>
          积分规则
        </Link>
        {showRanking && (
          <Link to="/rankPage" className={styles.shortcut}>
            排行榜
          </Link>
        )}
      </nav>
      <section aria-label="任务规则" className={card}>
        <CardTitle
          title="任务规则"
          extra={
            <Link to="/integralTask" className={styles.pointsHomePageLink}>
              去做任务
            </Link>
          }
        />
        <ul className={styles.pointsHomePageList}>
          {(rule.data?.tasks ?? []).slice(0, POINTS_HOME_TASK_RULES).map((t) => (
            <li key={t.settingCode} className={styles.pointsHomePageItem}>
              <span>
                <strong className={styles.pointsHomePageStrong}>{t.settingName}</strong>
                <span className={styles.pointsHomePageText}>{t.description}</span>
              </span>
              <span className={styles.pointsHomePageText2}>+{t.onceScore}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="积分明细" className={card}>
        <CardTitle title="积分明细" />
        <InfiniteList<Line>
          aria-label="积分明细列表"
          loadPage={(pageNo) =>
            api().GET('/customer/v1/scoreDetail', { params: { query: { pageNo, pageSize: PAGE_SIZES.pointsLog } } })
          }
          renderItem={(line) => (
            <div className={styles.pointsHomePageBox2}>
              <span>
                <span className={styles.pointsHomePageText3}>{line.actionName}</span>
                <span className={styles.pointsHomePageText4}>{line.createTime}</span>
              </span>
              <span className={`${styles.pointsHomePageText5} ${line.score > 0 ? styles.gain : styles.spend}`}>
                {line.score > 0 ? `+${line.score}` : line.score}
              </span>
            </div>
          )}
        />
      </section>
    </PointsPage>
  );
}
