import { GOODS_CATEGORY_PAGE_SIZE, GOODS_PAGE_SIZE, MALL_MESSAGES } from '@glucoguard/domain';
import { EntryGrid, InfiniteList } from '@glucoguard/ui';
import { useState } from 'react';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { GoodsCard, type Goods } from './GoodsCard';
import { GoodsSearchBar } from './GoodsSearchBar';
import { useGoodsSearch } from './useGoodsSearch';
import styles from './GoodsListPage.module.css';

/**
 * /mall/goodsList, the mall (spec 3 §2.7): the shops (containers), the search box 搜索商品名称, the
 * 热销产品 column, the category grid in pages of 8 (a tap filters the list below; a second tap shows
 * everything again) and the goods on sale. Kept alive (KeepAliveOutlet): a visit to a detail and
 * back finds the same list at the same place. Open to visitors.
 */
export default function GoodsListPage() {
  useDocumentTitle('健康商城');
  const imgDomain = useSession((state) => state.imgDomain);
  const containers = useApiData(() => api().GET('/goods/v1/queryGoodsContainerList'), 'containers');
  const [chosenContainer, setChosenContainer] = useState<number | null>(null);
  const containerId = chosenContainer ?? containers.data?.[0]?.containerId ?? null;
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const { text, goodsName, onText } = useGoodsSearch();

  const enabled = containerId !== null;
  const categories = useApiData(
    () => api().GET('/goods/v1/getCategorys', { params: { query: { containerId: containerId ?? 0 } } }),
    ['categories', containerId],
    { enabled },
  );
  const hot = useApiData(
    () => api().GET('/goods/v1/listHotByContainerId', { params: { query: { containerId: containerId ?? 0 } } }),
    ['hot', containerId],
    { enabled },
  );

  const searching = goodsName !== '';
  const category = categories.data?.find((item) => item.categoryId === categoryId) ?? null;
  const chooseContainer = (id: number) => {
    setChosenContainer(id);
    setCategoryId(null);
  };

  return (
    <div className={styles.page}>
      <GoodsSearchBar text={text} onText={onText} />
      {(containers.data?.length ?? 0) > 1 ? (
        <nav className={styles.containers} aria-label="商城">
          {containers.data?.map((container) => (
            <button
              key={container.containerId}
              type="button"
              aria-pressed={container.containerId === containerId}
              className={styles.chip}
              onClick={() => chooseContainer(container.containerId)}
            >
              {container.containerName}
            </button>
          ))}
        </nav>
      ) : null}
      {containers.data?.length === 0 ? <p className={styles.note}>商城暂未开放，敬请期待</p> : null}
      {!searching && (hot.data?.length ?? 0) > 0 ? (
        <section className={styles.section} aria-label={MALL_MESSAGES.hotSale}>
          <h2 className={styles.heading}>{MALL_MESSAGES.hotSale}</h2>
          <div className={styles.hotRow}>
            {hot.data?.map((goods) => (
              <GoodsCard key={goods.goodsId} goods={goods} compact />
            ))}
          </div>
        </section>
      ) : null}
      {!searching && (categories.data?.length ?? 0) > 0 ? (
        <section className={`${styles.section} ${styles.grid}`} aria-label="商品分类">
          <EntryGrid
            pageSize={GOODS_CATEGORY_PAGE_SIZE}
            columns={4}
            tiles={(categories.data ?? []).map((item) => {
              const icon = imageUrl(item.iconUrl, imgDomain);
              return {
                key: String(item.categoryId),
                title: item.categoryName,
                categoryId: item.categoryId,
                icon: icon ? (
                  <img className={styles.categoryIcon} src={icon} alt="" />
                ) : (
                  <span className={styles.categoryMark}>{Array.from(item.categoryName)[0] ?? ''}</span>
                ),
              };
            })}
            onSelect={(tile) => setCategoryId((current) => (current === tile.categoryId ? null : tile.categoryId))}
          />
        </section>
      ) : null}
      <section className={styles.section} aria-label="商品列表">
        <h2 className={styles.heading}>
          {searching ? `“${goodsName}”的搜索结果` : category ? category.categoryName : '全部商品'}
          {category && !searching ? (
            <button type="button" className={styles.showAll} onClick={() => setCategoryId(null)}>
              查看全部
            </button>
          ) : null}
        </h2>
        {containerId !== null ? (
          <InfiniteList<Goods>
            aria-label="商品"
            resetKey={JSON.stringify([containerId, searching ? null : categoryId, goodsName])}
            loadPage={(pageNo) =>
              api().GET('/goods/v1/getListByContainerId', {
                params: {
                  query: {
                    containerId,
                    pageNo,
                    pageSize: GOODS_PAGE_SIZE,
                    ...(categoryId !== null && !searching && { categoryId }),
                    ...(searching && { goodsName }),
                  },
                },
              })
            }
            itemKey={(goods) => goods.goodsId}
            renderItem={(goods) => (
              <div className={styles.item}>
                <GoodsCard goods={goods} />
              </div>
            )}
            emptyText={searching ? '没有找到相关商品' : '暂无商品'}
            emptyExtra={searching ? '换个商品名称试试' : null}
            finishedText="没有更多了"
          />
        ) : null}
      </section>
    </div>
  );
}
