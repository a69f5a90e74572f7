import { PAGE_SIZES, POINTS_HOME_TASK_RULES, brandFeatures } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSession } from '../../store/session';
import { CardTitle, Figure, PointsHeader, PointsPage, card } from './layout';

type Line = Schema<'ScoreLine'>;

const shortcut = {
  flex: 1,
  padding: '12px 0',
  textAlign: 'center',
  fontSize: 14,
  color: 'var(--adm-color-text)',
  textDecoration: 'none',
} as const;

/** /integral (spec 1 §2.8): balance, shortcuts (shop, tasks, rules, ranking), the first 5 task rules and the ledger, 10 a page. */
export default function PointsHomePage() {
  useDocumentTitle('我的积分');
  const showRanking = brandFeatures(useSession((state) => state.sourceId)).showRanking;
  const summary = useApiData(() => api().GET('/sign/v1/getSignScore'));
  const rule = useApiData(() => api().GET('/customer/v1/getScoreRule'));

  return (
    <PointsPage>
      <PointsHeader>
        <div style={{ display: 'flex' }}>
          <Figure label="我的积分" value={summary.data?.score ?? '-'} />
          <Figure label="本月积分" value={summary.data?.monthScore ?? '-'} />
        </div>
      </PointsHeader>
      <nav aria-label="积分入口" style={{ ...card, display: 'flex' }}>
        <Link to="/mall/goodsList" style={shortcut}>
          积分商城
        </Link>
        <Link to="/integralTask" style={shortcut}>
          积分任务
        </Link>
        <Link to="/integralRule" style={shortcut}>
          积分规则
        </Link>
        {showRanking && (
          <Link to="/rankPage" style={shortcut}>
            排行榜
          </Link>
        )}
      </nav>
      <section aria-label="任务规则" style={card}>
        <CardTitle
          title="任务规则"
          extra={
            <Link
              to="/integralTask"
              style={{ fontSize: 13, color: 'var(--adm-color-primary)', textDecoration: 'none' }}
            >
              去做任务
            </Link>
          }
        />
        <ul style={{ margin: 0, padding: '0 16px 12px', listStyle: 'none' }}>
          {(rule.data?.tasks ?? []).slice(0, POINTS_HOME_TASK_RULES).map((t) => (
            <li
              key={t.settingCode}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 12,
                padding: '8px 0',
                fontSize: 13,
                borderTop: '1px solid var(--adm-color-border)',
              }}
            >
              <span>
                <strong style={{ fontWeight: 600 }}>{t.settingName}</strong>
                <span style={{ display: 'block', color: 'var(--adm-color-weak)', marginTop: 2 }}>{t.description}</span>
              </span>
              <span style={{ flex: 'none', color: 'var(--adm-color-warning, #ff8f1f)' }}>+{t.onceScore}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="积分明细" style={card}>
        <CardTitle title="积分明细" />
        <InfiniteList<Line>
          aria-label="积分明细列表"
          loadPage={(pageNo) =>
            api().GET('/customer/v1/scoreDetail', { params: { query: { pageNo, pageSize: PAGE_SIZES.pointsLog } } })
          }
          renderItem={(line) => (
            <div
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                padding: '10px 16px',
                borderTop: '1px solid var(--adm-color-border)',
              }}
            >
              <span>
                <span style={{ fontSize: 14 }}>{line.actionName}</span>
                <span style={{ display: 'block', fontSize: 12, color: 'var(--adm-color-weak)', marginTop: 2 }}>
                  {line.createTime}
                </span>
              </span>
              <span
                style={{
                  fontSize: 16,
                  fontWeight: 600,
                  color: line.score > 0 ? 'var(--adm-color-warning, #ff8f1f)' : 'var(--adm-color-text)',
                }}
              >
                {line.score > 0 ? `+${line.score}` : line.score}
              </span>
            </div>
          )}
        />
      </section>
    </PointsPage>
  );
}
