import { GOODS_PAGE_SIZE, SALES_MODE, goodsListTitle } from '@glucoguard/domain';
import type { SalesMode } from '@glucoguard/domain';
import { InfiniteList } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { GoodsCard, type Goods } from './GoodsCard';
import { flagsOf } from './mallPaths';
import { GoodsSearchBar } from './GoodsSearchBar';
import { useGoodsSearch } from './useGoodsSearch';
import styles from './GoodsListPage.module.css';

const SALES_MODES: readonly string[] = Object.values(SALES_MODE);

/** A 0/1 flag of the address as the list call takes it. */
function flag(value: string | null): 0 | 1 | undefined {
  return value === '1' ? 1 : value === '0' ? 0 : undefined;
}

/** A positive id of the address, or null. */
function idOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /categorysGoods and /serviceList (spec 3 §2.7): the goods of one kind, with the mall's search box.
 * Titled 兑换试纸 (servicePackage 0: the strips exchange), 开通服务包 (servicePackage 1) or
 * 流量续费 (rechargePackage 1: a meter's data plan, its meter handed on in deviceImei and
 * deviceKind); `salesMode`, `categoryId` and `inputName` narrow the list. Without a containerId the
 * mall's first container is listed.
 */
export default function CategoryGoodsPage() {
  const [search] = useSearchParams();
  const flags = flagsOf(search);
  useDocumentTitle(goodsListTitle({ ...flags, salesMode: search.get('salesMode') }));
  const askedContainer = idOf(search.get('containerId'));
  const categoryId = idOf(search.get('categoryId'));
  const salesModeText = search.get('salesMode') ?? '';
  const salesMode = SALES_MODES.includes(salesModeText) ? (salesModeText as SalesMode) : undefined;
  const containers = useApiData(() => api().GET('/goods/v1/queryGoodsContainerList'), 'containers', {
    enabled: askedContainer === null,
  });
  const containerId = askedContainer ?? containers.data?.[0]?.containerId ?? null;
  const { text, goodsName, onText } = useGoodsSearch(search.get('inputName') ?? '');
  const rechargePackage = flag(flags.rechargePackage ?? null);
  const servicePackage = flag(flags.servicePackage ?? null);

  return (
    <div className={styles.page}>
      <GoodsSearchBar text={text} onText={onText} />
      {containers.data?.length === 0 ? <p className={styles.note}>商城暂未开放，敬请期待</p> : null}
      <section className={styles.section} aria-label="商品列表">
        {containerId !== null ? (
          <InfiniteList<Goods>
            aria-label="商品"
            resetKey={JSON.stringify([containerId, goodsName])}
            loadPage={(pageNo) =>
              api().GET('/goods/v1/getListByContainerId', {
                params: {
                  query: {
                    containerId,
                    pageNo,
                    pageSize: GOODS_PAGE_SIZE,
                    ...(categoryId !== null && { categoryId }),
                    ...(goodsName !== '' && { goodsName }),
                    ...(rechargePackage !== undefined && { rechargePackage }),
                    ...(servicePackage !== undefined && { servicePackage }),
                    ...(salesMode !== undefined && { salesMode }),
                  },
                },
              })
            }
            itemKey={(goods) => goods.goodsId}
            renderItem={(goods) => (
              <div className={styles.item}>
                <GoodsCard goods={goods} flags={flags} />
              </div>
            )}
            emptyText={goodsName !== '' ? '没有找到相关商品' : '暂无商品'}
            finishedText="没有更多了"
          />
        ) : null}
      </section>
    </div>
  );
}
