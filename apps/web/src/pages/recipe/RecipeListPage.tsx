import { PAGE_SIZES, RX_FILTER_TABS, RX_SHOW_STATUS_LABELS, prescriptionView } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { Tabs, Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { proposalPath, recipeDetailPath } from './rxPaths';
import styles from './Recipe.module.css';

type Item = Schema<'RxListItem'>;

function Card({ item, onOpen }: { item: Item; onOpen: (item: Item) => void }) {
  const place = [item.organizationName, item.department].filter((part) => part !== '').join(' · ');
  return (
    <button type="button" className={styles.card} onClick={() => onOpen(item)}>
      <span className={styles.cardHead}>
        <span className={styles.doctorName}>
          {item.userName || '医生'}
          {item.professionalLevel ? <span className={styles.level}>{item.professionalLevel}</span> : null}
        </span>
        {item.customerShowStatus === null ? null : (
          <span className={styles.status} data-status={item.customerShowStatus}>
            {RX_SHOW_STATUS_LABELS[item.customerShowStatus] ?? ''}
          </span>
        )}
      </span>
      {place === '' ? null : <span className={styles.muted}>{place}</span>}
      <span className={styles.summary}>{item.summary}</span>
      <span className={styles.muted}>
        {item.type === 1 ? '开具时间' : '发送时间'} {item.createTime}
      </span>
    </button>
  );
}

/**
 * /myRecipe/recipeList (pages of 5) and /prescription (pages of 10, the consultation area; spec 3
 * §2.2, §9): two tabs, 处方记录 with the filters 全部 / 未使用 / 已使用 / 已过期 (customerShowStatus
 * 2, 4, 5), and 用药建议. A prescription under review (1) shows only the toast
 * 药师正在审核处方，请耐心等候; the others open their detail, an advice its /proposal page.
 */
export default function RecipeListPage({ pageSize = PAGE_SIZES.prescriptionsPage }: { pageSize?: 5 | 10 }) {
  useDocumentTitle('我的处方');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'advice' ? 'advice' : 'records';
  const status = Number(search.get('status')) || undefined;
  const filter = RX_FILTER_TABS.find((f) => f.value === status)?.value;
  const change = (key: 'tab' | 'status', value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value === undefined) {
      next.delete(key);
    } else {
      next.set(key, value);
    }
    setSearch(next, { replace: true });
  };
  const type = tab === 'records' ? 1 : 2;
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/rx/v1/pagedQueryList', {
        params: { query: { pageNo, pageSize, type, ...(type === 1 && filter ? { customerShowStatus: filter } : {}) } },
      }),
    [pageSize, type, filter],
  );
  const open = (item: Item) => {
    if (item.type === 2) {
      void navigate(proposalPath(item.infoId));
      return;
    }
    const view = prescriptionView(item.customerShowStatus ?? 0);
    if (view.toast) {
      Toast.show({ content: view.toast });
      return;
    }
    void navigate(recipeDetailPath(item.infoId));
  };
  return (
    <div className={styles.page}>
      <Tabs activeKey={tab} onChange={(key) => change('tab', key === 'advice' ? 'advice' : undefined)}>
        <Tabs.Tab title="处方记录" key="records" />
        <Tabs.Tab title="用药建议" key="advice" />
      </Tabs>
      {tab === 'records' ? (
        <div role="group" aria-label="处方状态" className={styles.filters}>
          {RX_FILTER_TABS.map((f) => (
            <button
              key={f.label}
              type="button"
              className={styles.filter}
              aria-pressed={f.value === filter}
              onClick={() => change('status', f.value === undefined ? undefined : String(f.value))}
            >
              {f.label}
            </button>
          ))}
        </div>
      ) : null}
      <div className={styles.list}>
        <InfiniteList<Item>
          aria-label={tab === 'records' ? '处方记录' : '用药建议'}
          resetKey={`${tab}:${filter ?? 'all'}`}
          loadPage={loadPage}
          itemKey={(item) => item.infoId}
          emptyText={tab === 'records' ? '暂无处方记录' : '暂无用药建议'}
          finishedText="没有更多了"
          renderItem={(item) => <Card item={item} onOpen={open} />}
        />
      </div>
    </div>
  );
}
