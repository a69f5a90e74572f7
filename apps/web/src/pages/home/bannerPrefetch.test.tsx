import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { mainPagePreload } from '../main/tabPages';
import { prefetchBanners } from './bannerPrefetch';
import { BannerCarousel } from './sections';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

const banners = [
  { id: 1, title: '每天签到领积分', imgUrl: '/api/activity/v1/bannerImage/checkin.svg', clickUrl: '/signIn' },
  {
    id: 2,
    title: '看看报告',
    imgUrl: '/api/activity/v1/bannerImage/report.svg',
    clickUrl: '/reportCenter/reportCenter',
  },
];

describe('banner list read at start-up', () => {
  it("is asked for by the home's preload, before the home renders, and the carousel takes that read instead of a second one", async () => {
    const api = fakeApi({ 'GET /activity/v1/bannerList': () => banners });
    mainPagePreload.preload({ pathname: '/', search: '' });
    expect(api.called('GET /activity/v1/bannerList')).toHaveLength(1);
    expect(api.called('GET /activity/v1/bannerList')[0]?.query.get('productCode')).toBe('medical');

    // The first picture is asked for as soon as the list arrives, ahead of the carousel.
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
        '/api/activity/v1/bannerImage/checkin.svg',
      ),
    );

    renderApp('/');
    const carousel = await screen.findByRole('region', { name: '活动' });
    const [first] = within(carousel).getAllByRole('img', { name: '每天签到领积分' });
    // The home's largest paint: fetched first, its box sized before it arrives.
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('width')).toBe('750');
    expect(first?.getAttribute('height')).toBe('300');
    expect(within(carousel).getAllByRole('img', { name: '看看报告' })[0]?.getAttribute('fetchpriority')).toBe('auto');
    expect(api.called('GET /activity/v1/bannerList')).toHaveLength(1);
  });

  it('is shown on the carousel’s first render when it arrived before the home rendered', async () => {
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    const api = fakeApi({ 'GET /activity/v1/bannerList': () => banners });
    prefetchBanners(4);
    await waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    render(
      <MemoryRouter>
        <BannerCarousel sourceId={4} />
      </MemoryRouter>,
    );
    // No await: the pictures are there at once, not a placeholder first.
    expect(
      within(screen.getByRole('region', { name: '活动' })).getAllByRole('img', { name: '每天签到领积分' }),
    ).not.toHaveLength(0);
    expect(api.called('GET /activity/v1/bannerList')).toHaveLength(1);
  });

  it('is not asked for when the address opens another tab', () => {
    const api = fakeApi({ 'GET /activity/v1/bannerList': () => banners });
    mainPagePreload.preload({ pathname: '/', search: '?tab=mine' });
    expect(api.called('GET /activity/v1/bannerList')).toHaveLength(0);
  });

  it("is read afresh when the prefetched list was another brand's", async () => {
    const api = fakeApi({ 'GET /activity/v1/bannerList': () => banners });
    useSession.setState({ sourceId: 3 });
    prefetchBanners(4);
    renderApp('/');
    await screen.findByRole('region', { name: '活动' });
    await waitFor(() => expect(api.called('GET /activity/v1/bannerList')).toHaveLength(2));
    expect(api.called('GET /activity/v1/bannerList').map((call) => call.query.get('productCode'))).toEqual([
      'medical',
      'health',
    ]);
  });
});
