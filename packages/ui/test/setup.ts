// Test set-up for the `ui` vitest project (packages/ui and apps/web component tests, jsdom).
// Unmounts what a test rendered and fills in the browser APIs antd-mobile reaches for that
// jsdom does not implement.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a render can take
// longer, and a slow pass is not a failure of behaviour.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
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
