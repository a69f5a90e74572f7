// Issue 15 B and the links of A: security headers everywhere, links and redirects on the app's own
// origin only, avatars only from our uploads or the messaging app, masked phone search (follower.test.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbstractSqlDriver } from '@mikro-orm/postgresql';
import { Customer } from '../src/contexts/identity/customer/customer.entity';
import { Migration20261126061500_avatar_hosts } from '../src/migrations/Migration20261126061500_avatar_hosts';
import { acceptedFollow } from './follow-fixtures';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { b64, jpegWithMetadata, png1x1, realJpeg } from './upload/images';

const PUBLIC_ORIGIN = 'https://h5.example.com';

const clock = testClock();
let api: TestApi;
let plain: TestApi;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'gg-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>糖护医疗</title><div id="root"></div>');
  api = await startTestApi({ PUBLIC_BASE_URL: PUBLIC_ORIGIN, WEB_DIST: webDist }, { clock });
  plain = await startTestApi();
});
afterAll(async () => {
  await api.close();
  await plain.close();
  await rm(webDist, { recursive: true, force: true });
});

/** A raw GET with whatever Host header a client likes. */
function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers', () => {
  const origin = () => new URL(api.baseUrl).origin;

  it.each([
    ['the web app', '/'],
    ['a client-side route', '/friend/searchFriend'],
    ['an API answer', '/api/config/v1/getServerTime'],
    ['an API error', '/api/login/v1/getCurrent'],
    ['an unknown API path', '/api/nothing/here'],
  ])('are on %s, with the app’s Content-Security-Policy', async (_what, path) => {
    const response = await fetch(`${origin()}${path}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://res.wx.qq.com https://res2.wx.qq.com");
    expect(csp).toContain("img-src 'self' data: blob: https://thirdwx.qlogo.cn https://wx.qlogo.cn");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
  });

  it('give the API docs a policy of their own that still forbids framing and plugins', async () => {
    for (const path of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
      const response = await fetch(`${origin()}${path}`);
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('strict-transport-security'), path).not.toBeNull();
    }
  });

  it('send no HSTS and no upgrade-insecure-requests when the app is not served over https', async () => {
    const response = await fetch(`${new URL(plain.baseUrl).origin}/api/config/v1/getServerTime`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('GET /wechat/v1/getAuthorizeUrl', () => {
  const authorize = (target: TestApi, redirectUri: string) =>
    target.client().GET('/wechat/v1/getAuthorizeUrl', { params: { query: { redirectUri } } });

  it.each([
    '//evil.example',
    'foo',
    'http://[',
    '/register/register',
    'https://evil.example/',
    'https://h5.example.com.evil.example/',
    'http://h5.example.com/',
    'javascript:alert(1)',
  ])('refuses %j with 400 in the envelope', async (redirectUri) => {
    expect(await failure(authorize(api, redirectUri))).toMatchObject({
      code: 40000,
      errMsg: '跳转地址不正确，请从本应用的页面进入',
      status: 400,
    });
  });

  it('sends the browser back only to PUBLIC_BASE_URL, whatever Host the request named', async () => {
    const result = await authorize(api, `${PUBLIC_ORIGIN}/register/register?sourceId=3`);
    expect(result.url).toBe(`${PUBLIC_ORIGIN}/register/register?sourceId=3&state=${result.state}`);
    const spoofed = await rawGet(
      api.baseUrl,
      `/api/wechat/v1/getAuthorizeUrl?redirectUri=${encodeURIComponent('https://evil.example/')}`,
      { host: 'evil.example' },
    );
    expect(spoofed.status).toBe(400);
    expect(JSON.parse(spoofed.body)).toMatchObject({ code: 40000, data: null });
  });

  it('without PUBLIC_BASE_URL (development) accepts the app’s own loopback address', async () => {
    const page = `${new URL(plain.baseUrl).origin}/home`;
    expect((await authorize(plain, page)).url).toMatch(new RegExp(`^${page}\\?state=`));
    expect(await failure(authorize(plain, 'https://evil.example/'))).toMatchObject({ code: 40000 });
  });
});

describe('links the server builds', () => {
  it('use PUBLIC_BASE_URL, never the Host header', async () => {
    const me = await registeredCustomer(api);
    const { inviteCode } = await me.client.GET('/customer/v1/inviteCount');
    const response = await rawGet(api.baseUrl, '/api/customer/v1/getCustomerPoster', {
      host: 'evil.example',
      authorization: `Bearer ${me.signIn.token}`,
    });
    expect(response.status).toBe(200);
    expect((JSON.parse(response.body) as { data: { link: string } }).data.link).toBe(
      `${PUBLIC_ORIGIN}/register/register?inviteCode=${inviteCode}&sourceId=4`,
    );
  });
});

describe('POST /customer/v1/edit headimgurl', () => {
  const upload = 'uploads/273/2026/11/20/0123456789abcdef0123456789abcdef.jpg';

  it.each([
    'https://evil.example/track.png',
    'http://192.168.1.1/a.png',
    '//evil.example/a.png',
    'https://thirdwx.qlogo.cn.evil.example/a',
    'javascript:alert(1)',
    'a/b.png',
  ])('refuses %j with the Chinese message and keeps the old avatar', async (headimgurl) => {
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/edit', { body: { headimgurl: upload } });
    expect(await failure(client.POST('/customer/v1/edit', { body: { headimgurl } }))).toMatchObject({
      code: 40000,
      errMsg: '头像地址不正确，请重新上传头像',
      status: 400,
    });
    expect((await client.GET('/login/v1/getCurrent')).customerVo.headimgurl).toBe(upload);
  });

  it('are cleared by the migration when stored before the rule, unless ours or the messaging app’s', async () => {
    const avatars = [
      'https://evil.example/track.png',
      upload,
      `/api/files/${upload}`,
      'https://thirdwx.qlogo.cn/mmopen/vi_32/abc/132',
      'http://wx.qlogo.cn/x/0',
      'https://thirdwx.qlogo.cn.evil.example/a',
      '',
    ];
    const people = await Promise.all(avatars.map(() => registeredCustomer(api)));
    const em = api.app.orm.em.fork();
    for (const [i, person] of people.entries()) {
      await em.nativeUpdate(Customer, { id: person.cid }, { headimgurl: avatars[i] });
    }
    const migration = new Migration20261126061500_avatar_hosts(
      api.app.orm.em.getDriver() as unknown as AbstractSqlDriver,
      api.app.orm.config,
    );
    await migration.up();
    for (const query of migration.getQueries()) {
      expect(typeof query).toBe('string');
      await em.getConnection().execute(query as string);
    }
    const after = await Promise.all(
      people.map(async (p) => (await p.client.GET('/login/v1/getCurrent')).customerVo.headimgurl),
    );
    expect(after).toEqual([
      '',
      upload,
      `/api/files/${upload}`,
      'https://thirdwx.qlogo.cn/mmopen/vi_32/abc/132',
      'http://wx.qlogo.cn/x/0',
      '',
      '',
    ]);
  });

  it.each([
    [upload, upload],
    [`/api/files/${upload}`, `/api/files/${upload}`],
    ['https://thirdwx.qlogo.cn/mmopen/vi_32/abc/132', 'https://thirdwx.qlogo.cn/mmopen/vi_32/abc/132'],
    ['http://wx.qlogo.cn/mmopen/abc/0', 'https://wx.qlogo.cn/mmopen/abc/0'],
  ])('accepts our own upload or the messaging app’s avatar: %j', async (headimgurl, stored) => {
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/edit', { body: { headimgurl } });
    expect((await client.GET('/login/v1/getCurrent')).customerVo.headimgurl).toBe(stored);
  });
});

describe('uploaded images', () => {
  const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

  it('are stored without EXIF (GPS, camera), XMP, comments or trailing bytes, keeping the orientation', async () => {
    const { client } = await registeredCustomer(api);
    const photo = jpegWithMetadata(realJpeg(), 6);
    expect(has(photo, 'PhoneMaker') && has(photo, 'GPSLatitude')).toBe(true);
    const stored = await client.POST('/common/v1/uploadImage', { body: { data: b64(photo), businessCode: 273 } });
    const served = Buffer.from(await (await fetch(`${new URL(api.baseUrl).origin}${stored.url}`)).arrayBuffer());
    for (const secret of ['PhoneMaker', 'GPSLatitude', 'xmpmeta', 'Room 1203', 'trailing secret']) {
      expect(has(served, secret), secret).toBe(false);
    }
    // SOI, JFIF, then an EXIF segment holding only Orientation = 6, and the picture's own bytes after it.
    expect(served.subarray(20, 58).toString('hex')).toBe(
      'ffe100224578696600004d4d002a00000008000101120003000000010006000000000000ffe2',
    );
    expect(served.length).toBe(realJpeg().length + 36);
  });

  it('strip a medical report photo too', async () => {
    const { client } = await registeredCustomer(api);
    const report = await client.POST('/customer/v1/uploadReport', {
      body: { reportName: '血糖', typeCode: 1, data: b64(jpegWithMetadata(realJpeg())) },
    });
    const served = Buffer.from(await (await fetch(`${api.baseUrl}/files/${report.reportUrl}`)).arrayBuffer());
    expect(has(served, 'GPSLatitude') || has(served, 'PhoneMaker')).toBe(false);
  });
});

describe('private images (medical reports)', () => {
  const file = (path: string) => fetch(`${api.baseUrl}/files/${path}`);
  const bare = (address: string) => address.split('?')[0] ?? '';

  it('are served to their owner through the signed address, privately cached', async () => {
    const { client } = await registeredCustomer(api);
    const report = await client.POST('/customer/v1/uploadReport', {
      body: { reportName: '血脂', typeCode: 3, data: b64(png1x1()) },
    });
    const response = await file(report.reportUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await response.arrayBuffer()).equals(png1x1())).toBe(true);
    // Listing again within the hour gives the same address, so the browser's copy is used.
    expect((await client.GET('/customer/v1/pageQueryReport')).items[0]?.reportUrl).toBe(report.reportUrl);
  });

  it('refuse the bare path, a forged or altered signature, and another report’s path', async () => {
    const owner = await registeredCustomer(api);
    const report = await owner.client.POST('/customer/v1/uploadReport', {
      body: { reportName: '血脂', typeCode: 3, data: b64(png1x1()) },
    });
    const other = await owner.client.POST('/customer/v1/uploadReport', {
      body: { reportName: '尿酸', typeCode: 4, data: b64(png1x1()) },
    });
    const query = report.reportUrl.slice(report.reportUrl.indexOf('?'));
    const params = new URLSearchParams(query);
    const forged = new URLSearchParams(params);
    forged.set(
      'sig',
      `${(params.get('sig') ?? '').slice(0, -1)}${(params.get('sig') ?? '').endsWith('A') ? 'B' : 'A'}`,
    );
    const later = new URLSearchParams(params);
    later.set('exp', String(Number(params.get('exp')) + 3600));
    for (const address of [
      bare(report.reportUrl),
      `${bare(report.reportUrl)}?${forged.toString()}`,
      `${bare(report.reportUrl)}?${later.toString()}`,
      `${bare(other.reportUrl)}${query}`,
    ]) {
      const response = await file(address);
      expect(response.status, address).toBe(403);
      expect(await response.json()).toMatchObject({ code: 40300, errMsg: '无权查看该图片，请刷新页面后重试' });
    }
  });

  it('refuse an address signed for someone who no longer owns the file, or that has expired', async () => {
    const owner = await registeredCustomer(api);
    const report = await owner.client.POST('/customer/v1/uploadReport', {
      body: { reportName: '血脂', typeCode: 3, data: b64(png1x1()) },
    });
    // Another customer holding the owner's address with their own id in it gets nothing.
    const stranger = await registeredCustomer(api);
    const swapped = report.reportUrl.replace(/cid=[0-9a-f-]+/, `cid=${stranger.cid}`);
    expect((await file(swapped)).status).toBe(403);
    // Nor does a relative the owner accepted: relatives see readings, not report photos.
    const relative = await registeredCustomer(api);
    await acceptedFollow(relative, owner);
    expect((await relative.client.GET('/customer/v1/pageQueryReport')).items).toEqual([]);
    // Two hours later the address has expired; a fresh list signs a new one.
    clock.advance(2 * 3600_000);
    expect((await file(report.reportUrl)).status).toBe(403);
    const fresh = (await owner.client.GET('/customer/v1/pageQueryReport')).items[0]?.reportUrl ?? '';
    expect(fresh).not.toBe(report.reportUrl);
    expect((await file(fresh)).status).toBe(200);
  });

  it('leave avatars and other uploads public', async () => {
    const { client } = await registeredCustomer(api);
    const stored = await client.POST('/common/v1/uploadImage', { body: { data: b64(png1x1()), businessCode: 273 } });
    const response = await fetch(`${new URL(api.baseUrl).origin}${stored.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The web app adds ?t= to a freshly drawn poster so no cached copy is shown.
    expect((await fetch(`${new URL(api.baseUrl).origin}${stored.url}?t=1795680000000`)).status).toBe(200);
  });
});
