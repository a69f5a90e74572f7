// Test set-up for the `ui` vitest project (packages/ui and apps/web component tests, jsdom).
// Unmounts what a test rendered and fills in the browser APIs antd-mobile reaches for that
// jsdom does not implement.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
