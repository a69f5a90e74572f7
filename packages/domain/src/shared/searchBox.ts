import { containsEmoji } from './validator';
import { EMOJI_MESSAGE } from './labels';

/** Every search box waits this long after the last keystroke before it searches (spec 3 §9). */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a search box does with its text. */
export type SearchBoxInput =
  | { readonly kind: 'refuse'; readonly message: string }
  | { readonly kind: 'clear' }
  | { readonly kind: 'search'; readonly keyword: string };

/**
 * What a search box does with its text (spec 1 §5, spec 3 §2.1 and §5): an emoji is refused (the
 * box is cleared and 请不要输入表情 shows), a blank box clears the search, anything else searches
 * the trimmed text cut to `max` characters.
 */
export function searchBoxInput(text: string, max: number): SearchBoxInput {
  if (containsEmoji(text)) {
    return { kind: 'refuse', message: EMOJI_MESSAGE };
  }
  const keyword = Array.from(text.trim()).slice(0, max).join('');
  return keyword === '' ? { kind: 'clear' } : { kind: 'search', keyword };
}
