import { describe, expect, it } from 'vitest';
import { bannerProductCode, bannerTarget } from './banner';

describe('bannerProductCode', () => {
  it.each([
    [3, 'health'],
    ['3', 'health'],
    [4, 'medical'],
    [null, 'medical'],
    ['x', 'medical'],
  ])('gives source id %s the product code %s', (sourceId, code) => {
    expect(bannerProductCode(sourceId)).toBe(code);
  });
});

describe('bannerTarget', () => {
  it.each([
    ['/signIn', { kind: 'route', to: '/signIn' }],
    ['/articleDetails?articleId=101', { kind: 'route', to: '/articleDetails?articleId=101' }],
    ['https://mp.weixin.qq.com/s/abc', { kind: 'external', url: 'https://mp.weixin.qq.com/s/abc' }],
  ])('follows %s', (clickUrl, target) => {
    expect(bannerTarget(clickUrl)).toEqual(target);
  });

  it.each([
    [''],
    [null],
    ['   '],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['http://mp.weixin.qq.com/s/abc'],
    ['https://evil.example/'],
    ['https://mp.weixin.qq.com.evil.example/'],
    ['https://user@mp.weixin.qq.com/'],
    ['https://mp.weixin.qq.com:8443/'],
    ['data:text/html,hi'],
    ['signIn'],
    [`/${'a'.repeat(600)}`],
  ])('makes %s no link', (clickUrl) => {
    expect(bannerTarget(clickUrl)).toEqual({ kind: 'none' });
  });
});
