// Test set-up for the `ui` vitest project (packages/ui and apps/web component tests, jsdom).
// Unmounts what a test rendered and fills in the browser APIs antd-mobile reaches for that
// jsdom does not implement.
import { act, cleanup, configure, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterAll, afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a render can take
// longer, and a slow pass is not a failure of behaviour.
configure({ asyncUtilTimeout: 5000 });

/** antd-mobile's imperative toasts, which render into a root of their own. */
const TOAST = '.adm-toast-mask';

/** Whether any test of this file left an antd-mobile overlay (mask, dialog, popup) in the page. */
let overlaysShown = false;

afterEach(async () => {
  overlaysShown ||= document.querySelector('.adm-mask, .adm-dialog, .adm-popup') !== null;
  cleanup();
  window.sessionStorage.clear();
  // RTL's cleanup does not know the root of an imperative toast. Close it and wait until it has
  // unmounted: a toast's close timer that outlives the test file's DOM would run React against a
  // torn-down window ("window is not defined").
  if (document.querySelector(TOAST)) {
    act(() => {
      Toast.clear();
    });
    await waitFor(() => {
      if (document.querySelector(TOAST)) {
        throw new Error('an antd-mobile toast is still open');
      }
    });
  }
  // Nor does it know imperative dialogs' containers. Close what a test left open and take the
  // containers away, so no test finds the previous one's buttons.
  act(() => {
    Dialog.clear();
  });
  for (const container of [...document.body.children]) {
    if (container.querySelector('.adm-dialog') !== null) {
      container.remove();
    }
  }
});

// An overlay closing as a test ends finishes its animation on later frames and then unmounts its
// own React root. On a loaded machine those frames can come after the file's jsdom is torn down,
// and React then fails with "window is not defined". A file that showed overlays lets them finish.
afterAll(async () => {
  if (overlaysShown) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = NoopObserver;
}
if (typeof window.IntersectionObserver !== 'function') {
  window.IntersectionObserver = NoopObserver as unknown as typeof IntersectionObserver;
}
// jsdom's scrollTo only logs "not implemented".
window.scrollTo = () => undefined;

// jsdom has no object URLs; antd-mobile's ImageUploader previews a file that is still uploading
// through one.
if (typeof URL.createObjectURL !== 'function') {
  URL.createObjectURL = () => 'blob:jsdom-preview';
  URL.revokeObjectURL = () => undefined;
}
