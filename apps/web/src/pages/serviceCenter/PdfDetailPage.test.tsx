import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, registeredPatientPageHooks, renderApp } from '../../test-utils';
import { MAX_PDF_DENSITY } from './pdfRender';

registeredPatientPageHooks();

/** pdf.js cannot run in jsdom (no worker, no canvas drawing): its boundary answers a 3-page A4 document. */
const pdfjs = vi.hoisted(() => {
  const renders: { pageNumber: number; width: number; cancelled: boolean; finish: () => void }[] = [];
  const page = (pageNumber: number) => ({
    getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale, scale }),
    render: ({ viewport }: { viewport: { width: number } }) => {
      let finish = () => {};
      const promise = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const render = { pageNumber, width: viewport.width, cancelled: false, finish };
      renders.push(render);
      return {
        promise,
        cancel: () => {
          render.cancelled = true;
          finish();
        },
      };
    },
  });
  const document = {
    numPages: 3,
    getPage: (pageNumber: number) => Promise.resolve(page(pageNumber)),
    loadingTask: { destroy: () => Promise.resolve() },
  };
  return {
    renders,
    library: {
      GlobalWorkerOptions: { workerPort: null },
      getDocument: () => ({ promise: Promise.resolve(document) }),
    },
  };
});

vi.mock('pdfjs-dist/legacy/build/pdf.mjs', () => pdfjs.library);

/** jsdom has no layout: the test says which page comes near the screen and which moves away. */
class FakeIntersectionObserver {
  static byTarget = new Map<Element, FakeIntersectionObserver>();
  static margins: string[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.margins.push(options?.rootMargin ?? '');
  }
  observe(target: Element) {
    FakeIntersectionObserver.byTarget.set(target, this);
  }
  disconnect() {
    for (const [target, observer] of FakeIntersectionObserver.byTarget) {
      if (observer === this) {
        FakeIntersectionObserver.byTarget.delete(target);
      }
    }
  }
  static show(target: Element, isIntersecting: boolean) {
    const observer = FakeIntersectionObserver.byTarget.get(target);
    expect(observer).toBeDefined();
    act(() =>
      observer?.callback(
        [{ target, isIntersecting } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      ),
    );
  }
}

const PRODUCT = {
  id: 11,
  name: '糖护 G1 血糖仪',
  iconUrl: '',
  categoryId: 1,
  categoryName: '血糖仪',
  deviceType: 0,
  warMonths: 24,
  videoUrl: '',
  manualUrl: 'manuals/g1.pdf',
  manualImages: [],
  remark: '',
  warUrl: '',
  warrantyRemark: '',
};

beforeEach(() => {
  pdfjs.renders.length = 0;
  FakeIntersectionObserver.byTarget.clear();
  FakeIntersectionObserver.margins = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('Worker', class {});
  vi.stubGlobal('devicePixelRatio', 3);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const canvasOf = (pageNumber: number) => {
  const canvas = screen.getByRole('figure', { name: `第 ${pageNumber} 页` }).querySelector('canvas');
  expect(canvas).not.toBeNull();
  return canvas as HTMLCanvasElement;
};

describe('/pdfDetail drawing the manual PDF', () => {
  it('draws a page only near the screen, at most at density 2, and empties it when it moves away', async () => {
    fakeApi({ 'GET /product/v1/getProductDetail': () => PRODUCT });
    renderApp('/pdfDetail?productId=11');
    const manual = await screen.findByLabelText('说明书 PDF');
    expect(manual.getAttribute('data-pages')).toBe('3');
    // Every page holds its place with the page's own shape, none drawn yet.
    await waitFor(() => expect([1, 2, 3].map((n) => canvasOf(n).width)).toEqual([595, 595, 595]));
    expect([1, 2, 3].map((n) => canvasOf(n).height)).toEqual([842, 842, 842]);
    expect(pdfjs.renders).toEqual([]);
    expect(FakeIntersectionObserver.margins.every((margin) => margin === '100% 0px')).toBe(true);

    const second = screen.getByRole('figure', { name: '第 2 页' });
    FakeIntersectionObserver.show(second, true);
    await waitFor(() => expect(pdfjs.renders.map((render) => render.pageNumber)).toEqual([2]));
    // 360 CSS pixels wide (jsdom has no layout) at density 2, not the screen's 3.
    expect(MAX_PDF_DENSITY).toBe(2);
    expect(pdfjs.renders[0]?.width).toBe(720);
    expect(canvasOf(2).width).toBe(720);
    expect(canvasOf(2).height).toBe(Math.floor((842 * 720) / 595));
    expect(canvasOf(1).width).toBe(595);
    act(() => pdfjs.renders[0]?.finish());

    FakeIntersectionObserver.show(second, false);
    await waitFor(() => expect(canvasOf(2).width).toBe(595));
    expect(second.getAttribute('data-drawn')).toBe('false');
  });

  it('cancels a page still being drawn when it moves away', async () => {
    fakeApi({ 'GET /product/v1/getProductDetail': () => PRODUCT });
    renderApp('/pdfDetail?productId=11');
    await screen.findByLabelText('说明书 PDF');
    await waitFor(() => expect(canvasOf(3).width).toBe(595));
    const third = screen.getByRole('figure', { name: '第 3 页' });
    FakeIntersectionObserver.show(third, true);
    await waitFor(() => expect(pdfjs.renders.map((render) => render.pageNumber)).toEqual([3]));
    FakeIntersectionObserver.show(third, false);
    await waitFor(() => expect(pdfjs.renders[0]?.cancelled).toBe(true));
    expect(screen.queryByText('第 3 页加载失败')).toBeNull();
  });
});
