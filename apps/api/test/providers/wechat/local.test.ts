import { describe, expect, it } from 'vitest';
import { IdentityError } from '../../../src/providers/wechat/identity';
import { LocalIdentityProvider } from '../../../src/providers/wechat/local';

const SECRET = 'local-test-secret-0123456789abcdef';
const DEVICE_A = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const DEVICE_B = 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp';

describe('local identity provider', () => {
  it('gives the same device key the same identity every time, across provider instances', async () => {
    const first = await new LocalIdentityProvider(SECRET).exchangeCode(DEVICE_A);
    const again = await new LocalIdentityProvider(SECRET).exchangeCode(DEVICE_A);
    expect(again).toEqual(first);
  });

  it('describes a device as an anonymous visitor with no avatar, unknown sex and no unionid', async () => {
    const identity = await new LocalIdentityProvider(SECRET).exchangeCode(DEVICE_A);
    expect(identity.openid).toMatch(/^local_[A-Za-z0-9_-]{28}$/);
    expect(identity.nickname).toMatch(/^访客\d{4}$/);
    expect(identity).toMatchObject({ unionid: null, headimgurl: '', sex: 0 });
  });

  it('gives different device keys different openids', async () => {
    const provider = new LocalIdentityProvider(SECRET);
    const a = await provider.exchangeCode(DEVICE_A);
    const b = await provider.exchangeCode(DEVICE_B);
    expect(a.openid).not.toBe(b.openid);
  });

  it('derives openids from the server secret, so they cannot be computed from the device key alone', async () => {
    const ours = await new LocalIdentityProvider(SECRET).exchangeCode(DEVICE_A);
    const theirs = await new LocalIdentityProvider('some-other-secret-0123456789abcdef').exchangeCode(DEVICE_A);
    expect(theirs.openid).not.toBe(ours.openid);
  });

  it('accepts device keys at both length limits', async () => {
    const provider = new LocalIdentityProvider(SECRET);
    await expect(provider.exchangeCode('a'.repeat(16))).resolves.toMatchObject({ sex: 0 });
    await expect(provider.exchangeCode('_-'.repeat(64))).resolves.toMatchObject({ sex: 0 });
  });

  it.each([
    ['an empty code', ''],
    ['a code one character too short', 'a'.repeat(15)],
    ['a code one character too long', 'a'.repeat(129)],
    ['a code with a space', 'abcdefgh ijklmnop'],
    ['a code with URL syntax', 'abcdefgh&state=ijklmnop'],
    ['a code with non-ASCII letters', '访客访客访客访客访客访客访客访客'],
  ])('refuses %s as invalid_code', async (_case, code) => {
    const rejection = new LocalIdentityProvider(SECRET).exchangeCode(code);
    await expect(rejection).rejects.toBeInstanceOf(IdentityError);
    await expect(rejection).rejects.toMatchObject({ reason: 'invalid_code' });
  });

  it('sends the browser back to our own page with the state and without a code', () => {
    const provider = new LocalIdentityProvider(SECRET);
    const url = new URL(provider.authorizeUrl('https://app.example.com/auth?sourceId=3&code=stale', 'st4te'));
    expect(url.origin + url.pathname).toBe('https://app.example.com/auth');
    expect(url.searchParams.get('sourceId')).toBe('3');
    expect(url.searchParams.get('state')).toBe('st4te');
    expect(url.searchParams.has('code')).toBe(false);
  });

  it('keeps a root-relative redirect relative, hash route included', () => {
    const provider = new LocalIdentityProvider(SECRET);
    expect(provider.authorizeUrl('/auth?sourceId=4#/home', 'abc')).toBe('/auth?sourceId=4&state=abc#/home');
  });
});
