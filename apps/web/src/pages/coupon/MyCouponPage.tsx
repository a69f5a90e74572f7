import { COUPON_MESSAGES, PAGE_SIZES, centsToYuan } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, InfiniteList } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { SEND_ORDER_PATH } from '../mall/mallPaths';
import styles from './coupon.module.css';

type Coupon = Schema<'Coupon'>;

const STATUS_LABEL: Record<Coupon['status'], string> = { unused: '未使用', used: '已使用', expired: '已过期' };

/** One coupon: the value in yuan, its name, its range and validity; used and expired ones greyed. */
function CouponCard({ coupon, onChoose }: { coupon: Coupon; onChoose?: (c: Coupon) => void }) {
  const body = (
    <>
      <span className={styles.value}>
        <span className={styles.currency}>¥</span>
        {centsToYuan(coupon.couponValue)}
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{coupon.couponName}</span>
        <span className={styles.range}>{coupon.rangeType === 'all' ? '全部商品可用' : '指定商品可用'}</span>
        <span className={styles.dates}>
          {coupon.startTime.slice(0, 10)} 至 {coupon.endTime.slice(0, 10)}
        </span>
      </span>
      {coupon.status === 'unused' ? (
        onChoose ? (
          <span className={styles.use}>使用</span>
        ) : null
      ) : (
        <span className={styles.stamp}>{STATUS_LABEL[coupon.status]}</span>
      )}
    </>
  );
  return onChoose ? (
    <button type="button" className={styles.card} onClick={() => onChoose(coupon)}>
      {body}
    </button>
  ) : (
    <article className={styles.card} data-status={coupon.status} aria-label={coupon.couponName}>
      {body}
    </article>
  );
}

/** The order form's address with the chosen coupon (or none): its own query, less the chooser's flags. */
function sendOrderWith(search: URLSearchParams, coupon: Coupon | null): string {
  const next = new URLSearchParams(search);
  for (const key of ['canUseCoupon', 'userScore', 'currentCouponId', 'currentCouponName', 'currentCouponValue']) {
    next.delete(key);
  }
  if (coupon) {
    next.set('currentCouponId', coupon.couponId);
    next.set('currentCouponName', coupon.couponName);
    next.set('currentCouponValue', String(coupon.couponValue));
  }
  return `${SEND_ORDER_PATH}?${next.toString()}`;
}

/** The order's chooser: the coupons usable on the goods now (one page of 100), and 不使用优惠券. */
function CouponChooser({ search }: { search: URLSearchParams }) {
  const navigate = useNavigate();
  const goodsId = search.get('goodsId') ?? '';
  const usable = useApiData(
    () =>
      api().GET('/coupon/v1/queryCanUse', {
        params: { query: { goodsIds: goodsId, pageNo: 1, pageSize: PAGE_SIZES.couponsForOrder } },
      }),
    goodsId,
    { enabled: goodsId !== '' },
  );
  // Back to the order form in place of this page, so 返回 there does not come here again.
  const choose = (coupon: Coupon | null) => void navigate(sendOrderWith(search, coupon), { replace: true });
  if (goodsId === '') {
    return <EmptyState title={COUPON_MESSAGES.empty} />;
  }
  if (usable.data === null) {
    return usable.failed ? <EmptyState title="加载失败" /> : <PageLoading />;
  }
  return (
    <div className={styles.page}>
      <div className={styles.list} role="list" aria-label="可用优惠券">
        {usable.data.items.length === 0 ? (
          <EmptyState title={COUPON_MESSAGES.empty} />
        ) : (
          usable.data.items.map((c) => (
            <div role="listitem" key={c.couponId}>
              <CouponCard coupon={c} onChoose={choose} />
            </div>
          ))
        )}
      </div>
      <div className={styles.footer}>
        <Button block size="large" onClick={() => choose(null)}>
          不使用优惠券
        </Button>
      </div>
    </div>
  );
}

/**
 * /coupon/myCoupon (我的优惠券; spec 3 §2.7, §9): every coupon the customer holds in pages of 5,
 * unused first, 暂无优惠券 when none. With `canUseCoupon=1` (and goodsId, goodsSum) it is the order
 * form's chooser: the coupons usable on the goods, and a tap goes back to /mall/sendOrder with
 * currentCouponId, currentCouponName and currentCouponValue.
 */
export default function MyCouponPage() {
  const [search] = useSearchParams();
  const choosing = search.get('canUseCoupon') === '1';
  useDocumentTitle(choosing ? '选择优惠券' : '我的优惠券');
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/coupon/v1/queryAll', { params: { query: { pageNo, pageSize: PAGE_SIZES.coupons } } }),
    [],
  );
  if (choosing) {
    return <CouponChooser search={search} />;
  }
  return (
    <div className={styles.page}>
      <div className={styles.list}>
        <InfiniteList<Coupon>
          aria-label="我的优惠券"
          loadPage={loadPage}
          itemKey={(c) => c.couponId}
          emptyText={COUPON_MESSAGES.empty}
          finishedText="没有更多了"
          renderItem={(c) => <CouponCard coupon={c} />}
        />
      </div>
    </div>
  );
}
