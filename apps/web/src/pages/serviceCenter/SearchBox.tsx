import { GOODS_SEARCH_MAX } from '@glucoguard/domain';
import { GuardedInput } from '@glucoguard/ui';
import styles from './afterSales.module.css';

/**
 * The search box of the after-sales lists (spec 3 §5: product-list search boxes reject emoji with
 * 请不要输入表情), fed by the mall's useGoodsSearch (the 300 ms debounce and the emoji rule).
 */
export function SearchBox({ label, text, onText }: { label: string; text: string; onText: (next: string) => void }) {
  return (
    <div className={styles.bar}>
      <GuardedInput
        className={styles.search}
        aria-label={label}
        placeholder={label}
        maxLength={GOODS_SEARCH_MAX}
        clearable
        value={text}
        onChange={onText}
      />
    </div>
  );
}
