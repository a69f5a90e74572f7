import { EmptyState, LineTabs } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { ItemRow } from './ItemRow';
import { Loaded } from './common';
import { guaranteePath } from './paths';
import styles from './afterSales.module.css';

/** The items of one platform: icon and name, each opening its detail; none: 暂无数据！. */
function GuaranteeItems({ platformId }: { platformId: number }) {
  const items = useApiData(
    () => api().GET('/product/v1/queryGuaranteeList', { params: { query: { categoryId: platformId } } }),
    ['guarantees', platformId],
    { clear: true },
  );
  return (
    <Loaded read={items} missing="暂无数据！">
      {(list) =>
        list.length === 0 ? (
          <EmptyState title="暂无数据！" />
        ) : (
          <nav aria-label="正品保障项目" className={styles.list}>
            {list.map((item) => (
              <ItemRow key={item.id} to={guaranteePath(item.id)} name={item.name} iconUrl={item.iconUrl} />
            ))}
          </nav>
        )
      }
    </Loaded>
  );
}

/**
 * /guaranteeList, the guarantee list (spec 3 §2.8): a tab bar of the platforms we sell on; a tab
 * loads its items (icon, name); an empty platform says 暂无数据！. The chosen tab is kept in the
 * address (`platformId`), so 返回 from an item finds it again.
 */
export default function GuaranteeListPage() {
  useDocumentTitle('正品保障');
  const [params, setParams] = useSearchParams();
  const platforms = useApiData(() => api().GET('/product/v1/queryPlatformList'));
  const wanted = Number(params.get('platformId'));
  const list = platforms.data ?? [];
  const active = list.find((platform) => platform.id === wanted) ?? list[0] ?? null;
  return (
    <div className={styles.page}>
      <Loaded read={platforms} missing="暂无数据！">
        {() =>
          active === null ? (
            <EmptyState title="暂无数据！" />
          ) : (
            <>
              <LineTabs
                tabs={list.map((platform) => ({ key: String(platform.id), title: platform.name }))}
                activeKey={String(active.id)}
                onChange={(key) => setParams({ platformId: key }, { replace: true })}
              />
              <p className={styles.lead}>以下为官方授权的销售渠道，请认准授权证书购买正品。</p>
              <GuaranteeItems platformId={active.id} />
            </>
          )
        }
      </Loaded>
    </div>
  );
}
