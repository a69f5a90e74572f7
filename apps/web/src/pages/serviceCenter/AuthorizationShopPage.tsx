import { InfiniteList } from '@glucoguard/ui';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import styles from './afterSales.module.css';

/** Shops per page of the list. */
const SHOP_PAGE_SIZE = 10;

/**
 * /authorizationShop (spec 3 §2.8): the authorised shops where a meter can be bought, checked or
 * repaired, with their address, phone (tap to call) and opening hours. Open to visitors.
 */
export default function AuthorizationShopPage() {
  useDocumentTitle('授权门店');
  return (
    <div className={styles.page}>
      <p className={styles.lead}>以下门店经官方授权，可购买正品设备并提供检测、换新与维修服务。</p>
      <InfiniteList<Schema<'AuthorisedShop'>>
        aria-label="授权门店"
        loadPage={(pageNo) =>
          api().GET('/product/v1/queryStoreList', { params: { query: { pageNo, pageSize: SHOP_PAGE_SIZE } } })
        }
        itemKey={(shop) => shop.shopId}
        renderItem={(shop) => (
          <article className={styles.shop} aria-label={shop.name}>
            <h2 className={styles.shopName}>{shop.name}</h2>
            <p className={styles.text}>
              {shop.province}
              {shop.city === shop.province ? '' : shop.city}
              {shop.district}
              {shop.address}
            </p>
            {shop.openHours ? <p className={styles.note}>营业时间：{shop.openHours}</p> : null}
            {shop.phone ? (
              <a className={styles.phone} href={`tel:${shop.phone.replace(/[^\d]/g, '')}`}>
                电话：{shop.phone}
              </a>
            ) : null}
          </article>
        )}
        emptyText="暂无授权门店"
        finishedText="没有更多了"
      />
    </div>
  );
}
