import { describe, expect, it } from 'vitest';
import { SHARE_PAGE_PATHS, SHARE_VALIDITY_CHOICES, SHARE_VALIDITY_DEFAULT_DAYS, sharePeriod, shareUrl } from './share';
import { skipsSignIn } from '../account/routing';
import { SHARE_LINK_GONE_MESSAGE } from './labels';

describe('share links', () => {
  it.each([
    ['https://app.example.cn', 'sugar', 'abc', 'https://app.example.cn/shareBloodSugarReportTable?token=abc'],
    [
      'https://app.example.cn/',
      'bloodPressure',
      'a+b/c',
      'https://app.example.cn/shareBloodPressureTable?token=a%2Bb%2Fc',
    ],
    ['http://127.0.0.1:3000', 'sugar', 'x_y-z', 'http://127.0.0.1:3000/shareBloodSugarReportTable?token=x_y-z'],
  ] as const)('builds the address of %s %s %s', (origin, kind, token, expected) => {
    expect(shareUrl(origin, kind, token)).toBe(expected);
  });

  it('opens pages that skip sign-in', () => {
    for (const path of Object.values(SHARE_PAGE_PATHS)) {
      expect(skipsSignIn(`${path}?token=t`)).toBe(true);
    }
  });

  it('offers the default validity and words a dead link as the API does', () => {
    expect(SHARE_VALIDITY_CHOICES).toContain(SHARE_VALIDITY_DEFAULT_DAYS);
    expect(SHARE_LINK_GONE_MESSAGE).toBe('分享链接已失效');
  });
});

describe('sharePeriod', () => {
  it.each([
    // 2026-11-22 00:05 in China (16:05 UTC the day before): today is the 22nd.
    [Date.UTC(2026, 10, 21, 16, 5), 7, '2026-11-16 00:00:00', '2026-11-22 23:59:59'],
    [Date.UTC(2026, 10, 22, 2, 0), 30, '2026-10-24 00:00:00', '2026-11-22 23:59:59'],
    [Date.UTC(2026, 10, 22, 15, 59), 1, '2026-11-22 00:00:00', '2026-11-22 23:59:59'],
  ])('covers the latest days up to the end of today (%s, %d days)', (now, days, createStartTime, createEndTime) => {
    expect(sharePeriod(now, days)).toEqual({ createStartTime, createEndTime });
  });
});
