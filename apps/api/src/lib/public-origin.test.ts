import { describe, expect, it } from 'vitest';
import { sameOriginRedirect } from './public-origin';

const production = { publicBaseUrl: 'https://h5.example.com', publicBaseUrlSet: true };
const development = { publicBaseUrl: 'http://localhost:3000', publicBaseUrlSet: false };

describe('sameOriginRedirect', () => {
  it.each([
    'https://h5.example.com/',
    'https://h5.example.com/register/register?sourceId=3#top',
    'HTTPS://H5.EXAMPLE.COM/x',
  ])('accepts %j on PUBLIC_BASE_URL', (raw) => {
    expect(sameOriginRedirect(raw, production, 'https://h5.example.com')).toBe(new URL(raw).toString());
  });

  it.each([
    '//evil.example',
    '//evil.example/https://h5.example.com/',
    'foo',
    '/register/register',
    'http://[',
    'https://evil.example/',
    'https://h5.example.com.evil.example/',
    'https://h5.example.com@evil.example/',
    'https://user:pw@h5.example.com/',
    'http://h5.example.com/',
    'https://h5.example.com:8443/',
    'javascript:alert(1)',
    'https:/\\evil.example',
    'http://localhost:3000/',
  ])('refuses %j when PUBLIC_BASE_URL is set, whatever the Host header says', (raw) => {
    expect(sameOriginRedirect(raw, production, 'https://evil.example')).toBeNull();
    expect(sameOriginRedirect(raw, production, 'http://localhost:3000')).toBeNull();
  });

  it('without PUBLIC_BASE_URL also accepts loopback addresses and the request’s own origin, nothing else', () => {
    expect(sameOriginRedirect('http://localhost:5173/home', development, 'http://localhost:3000')).toBe(
      'http://localhost:5173/home',
    );
    expect(sameOriginRedirect('http://127.0.0.1:41234/', development, 'http://127.0.0.1:41234')).toBe(
      'http://127.0.0.1:41234/',
    );
    expect(sameOriginRedirect('http://192.168.1.5:3000/', development, 'http://192.168.1.5:3000')).toBe(
      'http://192.168.1.5:3000/',
    );
    expect(sameOriginRedirect('http://192.168.1.5:3000/', development, 'http://localhost:3000')).toBeNull();
    expect(sameOriginRedirect('https://evil.example/', development, 'http://localhost:3000')).toBeNull();
    expect(sameOriginRedirect('foo', development, 'http://localhost:3000')).toBeNull();
  });
});
