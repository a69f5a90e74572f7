import { describe, expect, it } from 'vitest';
import { GUIDE_TYPE, guideRedirectUrl, usageGuideEntry, usageGuideTarget } from './guides';

describe('usageGuideEntry', () => {
  it.each([
    ['safe', 'safe'],
    ['guide', 'guide'],
    ['fault', 'fault'],
    [null, 'guide'],
    ['SAFE', 'guide'],
    ['other', 'guide'],
  ])('name=%s is %s', (name, entry) => {
    expect(usageGuideEntry(name)).toBe(entry);
  });
});

describe('usageGuideTarget', () => {
  const model = { id: 7, categoryId: 2 };
  it.each([
    ['safe', '/factoryWarranty?productId=7&categoryId=2'],
    ['fault', '/commonFaults?productId=7&categoryId=2'],
    ['guide', '/usageGuideDetail?productId=7&categoryId=2'],
  ] as const)('a model chosen from %s opens %s', (entry, path) => {
    expect(usageGuideTarget(entry, model)).toBe(path);
  });
});

describe('guideRedirectUrl', () => {
  it.each([
    ['https://mp.weixin.qq.com/s/abc', 'https://mp.weixin.qq.com/s/abc'],
    ['  https://example.com/guide ', 'https://example.com/guide'],
    ['', null],
    [null, null],
    ['http://example.com/', null],
    ['javascript:alert(1)', null],
    ['/productUseSkill?guideId=1', null],
    ['https://', null],
    ['https://evil.example/a b', null],
    ['https://example.com:8443/x?y=1#z', 'https://example.com:8443/x?y=1#z'],
  ])('%j leaves for %j', (contentUrl, url) => {
    expect(guideRedirectUrl(contentUrl)).toBe(url);
  });

  it('numbers the guide types as the spec does', () => {
    expect(GUIDE_TYPE).toEqual({ usage: 1, fault: 2 });
  });
});
