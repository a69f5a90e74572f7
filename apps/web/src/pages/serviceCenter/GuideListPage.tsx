import { GUIDE_TYPE, type GuideType } from '@glucoguard/domain';
import { EmptyState, LineTabs } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { SearchBar } from '../../components/SearchBar';
import { useGoodsSearch } from '../mall/useGoodsSearch';
import { ItemRow } from './ItemRow';
import { Loaded, useQueryId } from './common';
import { guidePath } from './paths';
import styles from './afterSales.module.css';

const TYPE_TABS = [
  { key: String(GUIDE_TYPE.usage), title: '使用指南' },
  { key: String(GUIDE_TYPE.fault), title: '常见故障' },
];

/** Which list a guide-list route shows. */
export type GuideListKind = 'faults' | 'guides' | 'operation';

const TITLES: Record<GuideListKind, string> = { faults: '常见故障', guides: '使用指南', operation: '操作指南' };

/**
 * The guide lists of spec 3 §2.8, each filtered by the query's productId / categoryId and searched
 * by title (emoji refused):
 * - /commonFaults: the fault guides (guideType 2), titled 「name」常见故障 when `name` is given;
 * - /operationGuideList: the usage guides (guideType 1);
 * - /usageGuiDeList?categoryId&name: both, under tabs 使用指南 / 常见故障 (guideType in the query),
 *   titled with `name` (the product type's name) when given.
 * A guide opens /productUseSkill. Open to visitors.
 */
export default function GuideListPage({ kind }: { kind: GuideListKind }) {
  const [params, setParams] = useSearchParams();
  const productId = useQueryId('productId');
  const categoryId = useQueryId('categoryId');
  const chosen: GuideType = params.get('guideType') === String(GUIDE_TYPE.fault) ? GUIDE_TYPE.fault : GUIDE_TYPE.usage;
  const guideType: GuideType = kind === 'faults' ? GUIDE_TYPE.fault : kind === 'operation' ? GUIDE_TYPE.usage : chosen;
  const name = kind === 'operation' ? '' : (params.get('name') ?? '').trim();
  useDocumentTitle(name === '' ? TITLES[kind] : kind === 'faults' ? `${name}常见故障` : name);
  const { text, goodsName, onText } = useGoodsSearch();
  const guides = useApiData(
    () =>
      api().GET('/product/v1/queryGuideList', {
        params: {
          query: {
            guideType,
            ...(productId === null ? {} : { productId }),
            ...(categoryId === null ? {} : { categoryId }),
            ...(goodsName ? { title: goodsName } : {}),
          },
        },
      }),
    ['guides', guideType, productId, categoryId, goodsName],
  );
  return (
    <div className={styles.page}>
      <SearchBar label={guideType === GUIDE_TYPE.fault ? '搜索故障现象' : '搜索指南标题'} text={text} onText={onText} />
      {kind === 'guides' ? (
        <LineTabs
          tabs={TYPE_TABS}
          activeKey={String(guideType)}
          onChange={(key) => {
            const next = new URLSearchParams(params);
            next.set('guideType', key);
            setParams(next, { replace: true });
          }}
        />
      ) : null}
      <Loaded read={guides} missing="暂无数据">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={goodsName ? '没有找到相关内容' : '暂无数据'} />
          ) : (
            <nav aria-label={TITLES[kind]} className={styles.list}>
              {list.map((guide) => (
                <ItemRow key={guide.guideId} to={guidePath(guide.guideId)} name={guide.title} iconUrl={guide.iconUrl} />
              ))}
            </nav>
          )
        }
      </Loaded>
    </div>
  );
}
