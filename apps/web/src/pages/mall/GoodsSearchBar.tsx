import { GOODS_SEARCH_MAX, MALL_MESSAGES } from '@glucoguard/domain';
import { GuardedInput } from '@glucoguard/ui';
import styles from './GoodsListPage.module.css';

/**
 * The mall's search box 搜索商品名称 at the top of a goods list (/mall/goodsList, /categorysGoods,
 * /serviceList), fed by useGoodsSearch: emoji are refused by the GuardedInput.
 */
export function GoodsSearchBar({ text, onText }: { text: string; onText: (next: string) => void }) {
  return (
    <div className={styles.bar}>
      <GuardedInput
        className={styles.search}
        aria-label={MALL_MESSAGES.searchPlaceholder}
        placeholder={MALL_MESSAGES.searchPlaceholder}
        maxLength={GOODS_SEARCH_MAX}
        clearable
        value={text}
        onChange={onText}
      />
    </div>
  );
}
