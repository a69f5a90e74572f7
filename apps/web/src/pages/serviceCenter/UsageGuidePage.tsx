import { USAGE_GUIDE_TITLES, usageGuideEntry, usageGuideTarget } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { SearchBar } from '../../components/SearchBar';
import { useGoodsSearch } from '../mall/useGoodsSearch';
import { ItemRow } from './ItemRow';
import { Loaded, useQueryId } from './common';
import styles from './afterSales.module.css';

/** The product types (品类), searchable by name; a type opens its models on the same page. */
function CategoryList({ name }: { name: string }) {
  const { text, goodsName, onText } = useGoodsSearch();
  const categories = useApiData(
    () => api().GET('/product/v1/queryCategoryList', { params: { query: goodsName ? { name: goodsName } : {} } }),
    ['categories', goodsName],
  );
  return (
    <>
      <SearchBar label="搜索产品类型" text={text} onText={onText} />
      <p className={styles.lead}>请选择您的产品类型</p>
      <Loaded read={categories} missing="暂无数据">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="暂无数据" />
          ) : (
            <nav aria-label="产品类型" className={styles.list}>
              {list.map((category) => (
                <ItemRow
                  key={category.id}
                  to={`/usageGuide?name=${name}&categoryId=${category.id}`}
                  name={category.name}
                  iconUrl={category.iconUrl}
                />
              ))}
            </nav>
          )
        }
      </Loaded>
    </>
  );
}

/** The models of one product type, searchable by name; a model opens what the entry leads to. */
function ModelList({ categoryId, name }: { categoryId: number; name: ReturnType<typeof usageGuideEntry> }) {
  const { text, goodsName, onText } = useGoodsSearch();
  const models = useApiData(
    () =>
      api().GET('/product/v1/queryProductList', {
        params: { query: { categoryId, ...(goodsName ? { name: goodsName } : {}) } },
      }),
    ['models', categoryId, goodsName],
  );
  return (
    <>
      <SearchBar label="搜索产品型号" text={text} onText={onText} />
      <p className={styles.lead}>请选择您的产品型号</p>
      <Loaded read={models} missing="暂无数据">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="暂无数据" />
          ) : (
            <nav aria-label="产品型号" className={styles.list}>
              {list.map((model) => (
                <ItemRow key={model.id} to={usageGuideTarget(name, model)} name={model.name} iconUrl={model.iconUrl} />
              ))}
            </nav>
          )
        }
      </Loaded>
    </>
  );
}

/**
 * /usageGuide?name=safe|guide|fault (spec 3 §2.8): the product type list, then (with categoryId)
 * that type's models; a model leads to its 厂方保修 (safe), its common faults (fault) or its guide
 * page (guide) — docs/adr/0203-after-sales-guide-routes.md. Open to visitors.
 */
export default function UsageGuidePage() {
  const [params] = useSearchParams();
  const name = usageGuideEntry(params.get('name'));
  const categoryId = useQueryId('categoryId');
  useDocumentTitle(USAGE_GUIDE_TITLES[name]);
  return (
    <div className={styles.page}>
      {categoryId === null ? (
        <CategoryList key={name} name={name} />
      ) : (
        <ModelList key={`${name}-${categoryId}`} categoryId={categoryId} name={name} />
      )}
    </div>
  );
}
