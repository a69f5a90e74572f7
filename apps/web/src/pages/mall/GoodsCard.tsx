import { TRUNCATE, goodsOriginPriceText, goodsPriceText, splitImageNames, truncate } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { Link } from 'react-router-dom';
import { imageUrl, useSession } from '../../store/session';
import { goodsDetailPath, type GoodsFlags } from './mallPaths';
import styles from './GoodsCard.module.css';

export type Goods = Schema<'Goods'>;

/** The goods item's first icon (or first carousel image) as an address, or null. */
export function useGoodsIcon(goods: Pick<Goods, 'iconUrl' | 'goodsUrl'>): string | null {
  const imgDomain = useSession((state) => state.imgDomain);
  const first = splitImageNames(goods.iconUrl)[0] ?? splitImageNames(goods.goodsUrl)[0];
  return imageUrl(first, imgDomain);
}

/**
 * One goods item in a list (spec 3 §2.7, §5): its icon, the name cut at 36 characters, the remark
 * at 20, and the price by salesMode, linking to the detail with the list's flags.
 */
export function GoodsCard({ goods, flags, compact = false }: { goods: Goods; flags?: GoodsFlags; compact?: boolean }) {
  const icon = useGoodsIcon(goods);
  const origin = goodsOriginPriceText(goods);
  return (
    <Link
      to={goodsDetailPath(goods, flags)}
      className={compact ? `${styles.card} ${styles.compact}` : styles.card}
      aria-label={goods.goodsName}
    >
      {icon ? (
        <img className={styles.icon} src={icon} alt="" loading="lazy" />
      ) : (
        <span className={styles.icon} aria-hidden="true" />
      )}
      <span className={styles.body}>
        <span className={styles.name}>{truncate(goods.goodsName, TRUNCATE.goodsName)}</span>
        {goods.remark && !compact ? (
          <span className={styles.remark}>{truncate(goods.remark, TRUNCATE.goodsRemark)}</span>
        ) : null}
        <span className={styles.priceRow}>
          <span className={styles.price}>{goodsPriceText(goods)}</span>
          {origin && !compact ? <s className={styles.origin}>{origin}</s> : null}
        </span>
      </span>
    </Link>
  );
}
