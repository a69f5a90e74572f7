import { GOODS_SEARCH_MAX } from '@glucoguard/domain';
import { GuardedInput } from '@glucoguard/ui';
import styles from './SearchBar.module.css';

/**
 * The search box pinned at the top of a list (the mall's goods lists, the after-sales guide and
 * model lists), fed by the mall's useGoodsSearch (the 300 ms debounce): emoji are refused by the
 * GuardedInput (请不要输入表情, spec 3 §5). `label` is both its placeholder and its accessible name.
 */
export function SearchBar({ label, text, onText }: { label: string; text: string; onText: (next: string) => void }) {
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
