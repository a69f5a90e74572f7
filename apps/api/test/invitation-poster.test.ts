import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { POSTER_QR_BOX, POSTER_SIZE } from '../src/contexts/social/invitation/invitation.poster';
import { decodePng, PNG_SIGNATURE } from './png-reader';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

/** Links are built from PUBLIC_BASE_URL, never from the address the request came to. */
const PUBLIC_ORIGIN = 'https://h5.example.com';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_BASE_URL: PUBLIC_ORIGIN });
});
afterAll(() => api.close());

const fileOf = async (path: string) => {
  const response = await fetch(`${api.baseUrl}/files/${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  return Buffer.from(await response.arrayBuffer());
};

/** Reads the QR modules back from the poster's pixels: the centre of each module, dark or light. */
function qrFromPoster(png: Buffer, modules: number): boolean[][] {
  const image = decodePng(png);
  const scale = image.width / POSTER_SIZE.width;
  const unit = POSTER_QR_BOX.size / (modules + 8);
  return Array.from({ length: modules }, (_, row) =>
    Array.from({ length: modules }, (_, col) => {
      const [r] = image.rgb(
        Math.floor((POSTER_QR_BOX.x + (col + 4.5) * unit) * scale),
        Math.floor((POSTER_QR_BOX.y + (row + 4.5) * unit) * scale),
      );
      return r < 128;
    }),
  );
}

describe('GET /customer/v1/getCustomerPoster', () => {
  it('requires a session, then registration', async () => {
    expect(await failure(api.client().GET('/customer/v1/getCustomerPoster'))).toMatchObject({ code: 40100 });
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.GET('/customer/v1/getCustomerPoster'))).toMatchObject({
      code: 40300,
      errMsg: '请先注册',
    });
  });

  it('refuses an activity name that is not a brand’s', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(
        client.GET('/customer/v1/getCustomerPoster', { params: { query: { activityName: '随便写' as never } } }),
      ),
    ).toMatchObject({ code: 40000 });
    expect(
      await failure(client.GET('/customer/v1/getCustomerPoster', { params: { query: { cid: 'x' } as never } })),
    ).toMatchObject({ code: 40000 });
  });

  it('draws a PNG whose QR code is the caller’s invitation link, and serves it from the cache the second time', async () => {
    const me = await registeredCustomer(api, '张建国');
    const { inviteCode } = await me.client.GET('/customer/v1/inviteCount');
    const first = await me.client.GET('/customer/v1/getCustomerPoster', {
      params: { query: { activityName: '邀请注册有奖' } },
    });
    const origin = PUBLIC_ORIGIN;
    expect(first).toMatchObject({
      cached: false,
      link: `${origin}/register/register?inviteCode=${inviteCode}&sourceId=4`,
    });
    const png = await fileOf(first.posterUrl);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([POSTER_SIZE.width * 2, POSTER_SIZE.height * 2]);
    const { modules } = QRCode.create(first.link, { errorCorrectionLevel: 'M' });
    const expected = Array.from({ length: modules.size }, (_, r) =>
      Array.from({ length: modules.size }, (_, c) => modules.get(r, c) === 1),
    );
    expect(qrFromPoster(png, modules.size)).toEqual(expected);

    const second = await me.client.GET('/customer/v1/getCustomerPoster', {
      params: { query: { activityName: '邀请注册有奖' } },
    });
    expect(second).toEqual({ ...first, cached: true });
    // The health brand's activity draws a different poster with the health brand's link.
    const health = await me.client.GET('/customer/v1/getCustomerPoster', {
      params: { query: { activityName: '测量领积分' } },
    });
    expect(health.cached).toBe(false);
    expect(health.posterUrl).not.toBe(first.posterUrl);
    expect(health.link).toContain('sourceId=3');
    // Another customer gets their own poster.
    const other = await registeredCustomer(api);
    expect((await other.client.GET('/customer/v1/getCustomerPoster')).posterUrl).not.toBe(first.posterUrl);
  });
});
