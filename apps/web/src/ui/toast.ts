import { isApiError } from '@glucoguard/sdk';
import type { Toast as AntdToast, ToastShowProps } from 'antd-mobile';

type ToastApi = typeof AntdToast;

let shown = 0;
let loaded: ToastApi | null = null;
let loading: Promise<void> | null = null;
let waiting: ((toast: ToastApi) => void)[] = [];

/**
 * Runs `action` with antd-mobile's Toast: at once when its code is here, otherwise as soon as it
 * arrives, in the order asked (a loader shown, then cleared, stays cleared). Toast and its animation
 * library are a chunk of their own, fetched with the first toast of the visit rather than with the
 * start-up bundle (docs/adr/0135-first-route-without-animation-libraries.md).
 */
function withToast(action: (toast: ToastApi) => void): void {
  if (loaded !== null) {
    action(loaded);
    return;
  }
  waiting.push(action);
  loading ??= import(/* webpackChunkName: "toast" */ 'antd-mobile').then(
    ({ Toast }) => {
      loaded = Toast;
      const actions = waiting;
      waiting = [];
      actions.forEach((run) => run(Toast));
    },
    (error: unknown) => {
      // Offline before the first toast: the messages waiting are dropped, the next one tries again.
      loading = null;
      waiting = [];
      console.warn(error);
    },
  );
}

/** Shows a toast as antd-mobile's Toast.show does (it replaces the one on screen). */
export function showToast(props: ToastShowProps): void {
  withToast((toast) => toast.show(props));
}

/** Clears the toast on screen (or one still waiting for its code). */
export function clearToast(): void {
  withToast((toast) => toast.clear());
}

/** Toasts last 2 s in the middle of the screen (spec §8, §9). */
export function toast(content: string): void {
  shown += 1;
  showToast({ content, position: 'center', duration: 2000 });
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
