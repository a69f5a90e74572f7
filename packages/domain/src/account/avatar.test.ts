import { describe, expect, it } from 'vitest';
import { normalizeAvatarUrl, validateAvatarUrl } from './avatar';
import { AVATAR_MESSAGE } from './labels';

const upload = 'uploads/273/2026/11/20/0123456789abcdef0123456789abcdef.jpg';

describe('normalizeAvatarUrl', () => {
  it.each([
    ['', ''],
    [upload, upload],
    [`/api/files/${upload}`, `/api/files/${upload}`],
    [
      'uploads/274/2026/11/20/0123456789abcdef0123456789abcdef.png',
      'uploads/274/2026/11/20/0123456789abcdef0123456789abcdef.png',
    ],
    ['https://thirdwx.qlogo.cn/mmopen/vi_32/Q0j4TwGTfTK/132', 'https://thirdwx.qlogo.cn/mmopen/vi_32/Q0j4TwGTfTK/132'],
    ['http://wx.qlogo.cn/mmopen/abc/0', 'https://wx.qlogo.cn/mmopen/abc/0'],
  ])('accepts %j as %j', (value, stored) => {
    expect(normalizeAvatarUrl(value)).toBe(stored);
  });

  it.each([
    'https://evil.example/track.png',
    'https://thirdwx.qlogo.cn.evil.example/a.png',
    'https://evil.example/?u=https://thirdwx.qlogo.cn/a',
    'https://user@thirdwx.qlogo.cn/a',
    'https://thirdwx.qlogo.cn:8443/a',
    'ftp://thirdwx.qlogo.cn/a',
    '//thirdwx.qlogo.cn/a',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '/api/files/../../etc/passwd',
    'uploads/273/2026/11/20/not-random.jpg',
    'uploads/273/2026/11/20/0123456789abcdef0123456789abcdef.svg',
    '/api/other/uploads/273/2026/11/20/0123456789abcdef0123456789abcdef.jpg',
    'http://[',
  ])('refuses %j', (value) => {
    expect(normalizeAvatarUrl(value)).toBeNull();
    expect(validateAvatarUrl(value)).toEqual({ ok: false, field: 'headimgurl', message: AVATAR_MESSAGE });
  });

  it('lets an absent avatar through', () => {
    expect(validateAvatarUrl(undefined)).toEqual({ ok: true });
    expect(validateAvatarUrl(null)).toEqual({ ok: true });
  });
});
