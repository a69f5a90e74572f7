import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadRoute } from './lazyPage';

function page(text: string) {
  const load = vi.fn(() => Promise.resolve({ default: () => <p>{text}</p> }));
  return { load, Page: lazyPage(load) };
}

describe('preloadRoute', () => {
  it('starts the chunk of the page the address opens, and its handle’s extra chunks, before anything renders', () => {
    const home = page('首页');
    const report = page('报告中心');
    const tab = vi.fn();
    const routes: RouteObject[] = [
      {
        children: [
          { path: '/', element: <home.Page />, handle: { preload: tab } },
          { path: '/reportCenter/reportCenter', element: <report.Page /> },
        ],
      },
    ];
    preloadRoute(routes, { pathname: '/', search: '?tab=mine' });
    expect(home.load).toHaveBeenCalledTimes(1);
    expect(tab).toHaveBeenCalledWith({ pathname: '/', search: '?tab=mine' });
    expect(report.load).not.toHaveBeenCalled();

    // Matching is case-insensitive, as the router's is.
    preloadRoute(routes, { pathname: '/reportcenter/reportCenter', search: '' });
    expect(report.load).toHaveBeenCalledTimes(1);
  });

  it('starts nothing for an unknown address', () => {
    const home = page('首页');
    preloadRoute([{ path: '/', element: <home.Page /> }], { pathname: '/nowhere', search: '' });
    expect(home.load).not.toHaveBeenCalled();
  });
});

describe('lazyPage', () => {
  it('renders with the load its preload started, without loading again', async () => {
    const home = page('首页');
    void home.Page.preload();
    render(<home.Page />);
    expect(await screen.findByText('首页')).toBeTruthy();
    expect(home.load).toHaveBeenCalledTimes(1);
  });

  it('renders a page whose chunk has arrived on its first render, without showing the loader first', async () => {
    const home = page('首页');
    await home.Page.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <home.Page />
      </Suspense>,
    );
    // No await: React.lazy alone would show the fallback here and the page only after a tick.
    expect(screen.getByText('首页')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('loads again after a failed load, so a later render can retry', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: () => <p>重试成功</p> });
    const Retried = lazyPage(load);
    await expect(Retried.preload()).rejects.toThrow('chunk failed');
    render(<Retried />);
    expect(await screen.findByText('重试成功')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
