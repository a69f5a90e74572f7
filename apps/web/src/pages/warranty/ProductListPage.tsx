import { PAGE_SIZES, WARRANTY_TEXTS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { imageUrl, isRegistered, useSession } from '../../store/session';
import { WarrantyBadge } from './WarrantyBadge';
import { ADD_PRODUCT_PATH, productDetailPath } from './warrantyPaths';
import styles from './warranty.module.css';

type Warranty = Schema<'Warranty'>;

/**
 * /productList 我的产品 (spec 3 §2.8, §9): the customer's registered products in pages of 5, each
 * with its picture, IMEI, purchase date and 在保 / 已过保 with its last day as the API answers them;
 * 尚未添加任何产品 when there is none. Without an account (no cid) the page is /addProduct.
 */
export default function ProductListPage() {
  useDocumentTitle('我的产品');
  const navigate = useNavigate();
  const registered = useSession((state) => isRegistered(state.customer));
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/customerWarrantyOrder/v1/pageQueryList', {
        params: { query: { pageNo, pageSize: PAGE_SIZES.products } },
      }),
    [],
  );
  if (!registered) {
    return <Navigate to={ADD_PRODUCT_PATH} replace />;
  }
  return (
    <div className={styles.page}>
      <InfiniteList<Warranty>
        aria-label="我的产品"
        loadPage={loadPage}
        itemKey={(warranty) => warranty.warrantyId}
        emptyText={WARRANTY_TEXTS.empty}
        emptyExtra="登记后，可随时查看保修状态、说明书和使用视频"
        finishedText="没有更多产品了"
        renderItem={(warranty) => <ProductCard warranty={warranty} />}
      />
      <div className={styles.bottomBar}>
        <Button block color="primary" size="large" onClick={() => void navigate(ADD_PRODUCT_PATH)}>
          添加产品
        </Button>
      </div>
    </div>
  );
}

function ProductCard({ warranty }: { warranty: Warranty }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const picture = imageUrl(warranty.goodsUrl, imgDomain);
  return (
    <Link
      to={productDetailPath(warranty.warrantyId)}
      className={styles.productCard}
      aria-label={`产品 ${warranty.goodsName}`}
    >
      {picture === null ? (
        <span className={styles.productPicture} aria-hidden="true" />
      ) : (
        <img src={picture} alt="" className={styles.productPicture} />
      )}
      <span className={styles.productText}>
        <span className={styles.productName}>{warranty.goodsName}</span>
        <span className={styles.productLine}>IMEI：{warranty.deviceImei}</span>
        <span className={styles.productLine}>购买日期：{warranty.orderTime}</span>
        <WarrantyBadge warranty={warranty} />
      </span>
    </Link>
  );
}
