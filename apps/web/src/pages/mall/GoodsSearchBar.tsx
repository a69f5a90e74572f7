import { MALL_MESSAGES } from '@glucoguard/domain';
import { SearchBar } from '../../components/SearchBar';

/**
 * The mall's search box 搜索商品名称 at the top of a goods list (/mall/goodsList, /categorysGoods,
 * /serviceList), fed by useGoodsSearch: emoji are refused by the GuardedInput.
 */
export function GoodsSearchBar({ text, onText }: { text: string; onText: (next: string) => void }) {
  return <SearchBar label={MALL_MESSAGES.searchPlaceholder} text={text} onText={onText} />;
}
