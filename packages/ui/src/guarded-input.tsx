import { EMOJI_MESSAGE, charCount, containsEmoji } from '@glucoguard/domain';
import { Input, TextArea, Toast } from 'antd-mobile';
import type { InputProps, InputRef, TextAreaProps, TextAreaRef } from 'antd-mobile';
import { useEffect, useState } from 'react';
import type { Ref } from 'react';

/** How long the emoji message stays up (spec 1 §9: toasts last 2000 ms). */
export const EMOJI_TOAST_MS = 2000;

/** The emoji toast's mask class: tells it from a toast that replaced it since. */
const EMOJI_TOAST_CLASS = 'gg-emoji-toast';

/**
 * Closes 请不要输入表情 if it is still the toast on screen, so it does not linger on the next page;
 * a toast shown since (提交成功, say) is left alone. A field closes it when it goes away; a page
 * kept alive calls it when it is left.
 */
export function closeEmojiToast(): void {
  // The newest toast is the last mask (an older one may still be fading out before it).
  const masks = document.querySelectorAll('.adm-toast-mask');
  if (masks[masks.length - 1]?.classList.contains(EMOJI_TOAST_CLASS)) {
    Toast.clear();
  }
}

interface GuardedValueProps {
  /** Controlled value; leave undefined to let the field keep its own. */
  value?: string;
  defaultValue?: string;
  /** Called with the new text, or with '' when the typed text held an emoji. */
  onChange?: (value: string) => void;
}

/**
 * Spec 1 §5: text with an emoji is rejected by clearing the whole field and showing
 * 请不要输入表情 for 2 s in the middle of the screen. Works controlled and uncontrolled, because
 * the field must be cleared even when the page does not hold the value itself.
 */
function useEmojiGuard({ value, defaultValue, onChange }: GuardedValueProps): [string, (next: string) => void] {
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const change = (typed: string) => {
    let next = typed;
    if (containsEmoji(typed)) {
      next = '';
      Toast.show({
        content: EMOJI_MESSAGE,
        position: 'center',
        duration: EMOJI_TOAST_MS,
        maskClassName: EMOJI_TOAST_CLASS,
      });
    }
    setOwn(next);
    onChange?.(next);
  };
  useEffect(() => closeEmojiToast, []);
  return [current, change];
}

export type GuardedInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> &
  GuardedValueProps & { ref?: Ref<InputRef> };

/**
 * antd-mobile `Input` that refuses emoji (spec 1 §5). `maxLength` is the native attribute: it
 * counts UTF-16 units, which only differs from the domain's character count for astral symbols,
 * and those are emoji that are cleared anyway.
 */
export function GuardedInput({ value, defaultValue, onChange, ref, ...rest }: GuardedInputProps) {
  const [current, change] = useEmojiGuard({ value, defaultValue, onChange });
  return <Input {...rest} ref={ref} value={current} onChange={change} />;
}

export type GuardedTextAreaProps = Omit<TextAreaProps, 'value' | 'defaultValue' | 'onChange' | 'showCount'> &
  GuardedValueProps & {
    ref?: Ref<TextAreaRef>;
    /** Show the `{n}/{maxLength}` counter (`{n}` without a limit); on by default when there is a limit. */
    showCount?: boolean;
  };

/** The `{n}/{max}` counter text, counting characters as the domain's length checks do. */
export function formatCharCounter(text: string, maxLength?: number): string {
  const n = charCount(text);
  return maxLength === undefined ? String(n) : `${n}/${maxLength}`;
}

/**
 * antd-mobile `TextArea` that refuses emoji (spec 1 §5) with a character counter, e.g. the
 * feedback description's `{n}/200`. The limit itself is left to antd-mobile's `maxLength`, which
 * cuts by character and waits for an IME composition to end before cutting, so typing Chinese
 * near the limit does not break a half-composed syllable.
 */
export function GuardedTextArea({
  value,
  defaultValue,
  onChange,
  ref,
  showCount,
  maxLength,
  ...rest
}: GuardedTextAreaProps) {
  const [current, change] = useEmojiGuard({ value, defaultValue, onChange });
  const counted = showCount ?? maxLength !== undefined;
  return (
    <TextArea
      {...rest}
      ref={ref}
      maxLength={maxLength}
      value={current}
      onChange={change}
      // A function replaces antd-mobile's own counter, which counts differently from the domain.
      showCount={
        counted ? () => <div className="adm-text-area-count">{formatCharCounter(current, maxLength)}</div> : false
      }
    />
  );
}
