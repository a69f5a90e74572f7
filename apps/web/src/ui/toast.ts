import { isApiError } from '@glucoguard/sdk';
import { Toast } from 'antd-mobile';

let shown = 0;

/** Toasts last 2 s in the middle of the screen (spec §8, §9). */
export function toast(content: string): void {
  shown += 1;
  Toast.show({ content, position: 'center', duration: 2000 });
}

/** How many toasts {@link toast} has shown, to tell whether one replaced a loader. */
export function toastCount(): number {
  return shown;
}

/** Shows a failed call: the server's message, or the given fallback. */
export function showError(error: unknown, fallback = '请求错误'): void {
  toast(isApiError(error) && error.errMsg !== '' ? error.errMsg : fallback);
  if (!isApiError(error)) {
    console.warn(error);
  }
}
