import { GOODS_SEARCH_MAX, SEARCH_DEBOUNCE_MS, searchBoxInput } from '@glucoguard/domain';
import { closeEmojiToast } from '@glucoguard/ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The mall's search box (spec 3 §2.7, §5): the text typed, and the name searched 300 ms after the
 * last keystroke; an empty box clears the search at once. Emoji are refused by the GuardedInput
 * itself (the box clears and 请不要输入表情 shows), which hands on an empty text; that toast is closed
 * when the page is left, also by a page kept alive (/mall/goodsList stays mounted under a detail).
 */
export function useGoodsSearch(initial = '') {
  const [text, setText] = useState(initial);
  const [goodsName, setGoodsName] = useState(() => {
    const input = searchBoxInput(initial, GOODS_SEARCH_MAX);
    return input.kind === 'search' ? input.keyword : '';
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { pathname } = useLocation();
  const [ownPath] = useState(pathname);
  useEffect(() => {
    if (pathname !== ownPath) {
      closeEmojiToast();
    }
  }, [pathname, ownPath]);
  useEffect(
    () => () => {
      if (timer.current !== null) {
        clearTimeout(timer.current);
      }
    },
    [],
  );
  const onText = (next: string) => {
    setText(next);
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const input = searchBoxInput(next, GOODS_SEARCH_MAX);
    if (input.kind === 'search') {
      timer.current = setTimeout(() => setGoodsName(input.keyword), SEARCH_DEBOUNCE_MS);
    } else {
      setGoodsName('');
    }
  };
  return { text, goodsName, onText };
}
