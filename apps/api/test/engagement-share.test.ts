import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrMatrix } from '../src/lib/poster';
import { ACCOUNT_QR_BOX, ACCOUNT_QR_SIZE } from '../src/contexts/social/invitation/invitation.poster';
import { CHECK_IN_IMAGE_SIZE } from '../src/contexts/engagement/check-in/checkIn.image';
import { decodePng, PNG_SIGNATURE } from './png-reader';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

/** Links are built from PUBLIC_BASE_URL, never from the address the request came to. */
const PUBLIC_ORIGIN = 'https://h5.example.com';

const DAY = 86_400_000;
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_BASE_URL: PUBLIC_ORIGIN }, { clock });
});
afterAll(() => api.close());

const fileOf = async (path: string) => {
  const response = await fetch(`${api.baseUrl}/files/${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  const png = Buffer.from(await response.arrayBuffer());
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return png;
};

/** Reads the QR modules back from the card's pixels (the centre of each module). */
function qrFromCard(png: Buffer, modules: number): boolean[][] {
  const image = decodePng(png);
  const scale = image.width / ACCOUNT_QR_SIZE.width;
  const unit = ACCOUNT_QR_BOX.size / (modules + 8);
  return Array.from({ length: modules }, (_, row) =>
    Array.from({ length: modules }, (_, col) => {
      const [r] = image.rgb(
        Math.floor((ACCOUNT_QR_BOX.x + (col + 4.5) * unit) * scale),
        Math.floor((ACCOUNT_QR_BOX.y + (row + 4.5) * unit) * scale),
      );
      return r < 128;
    }),
  );
}

describe('GET /customer/v1/getAccountQrcode (the follow QR of a shared article)', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/customer/v1/getAccountQrcode'))).toMatchObject({ code: 40100 });
  });

  it('refuses a cid that is not one', async () => {
    const { client } = await signInNewVisitor(api);
    expect(
      await failure(client.GET('/customer/v1/getAccountQrcode', { params: { query: { cid: 'abc' } } })),
    ).toMatchObject({ code: 40000 });
  });

  it('gives an unknown or unregistered sharer the entry link without an invite code', async () => {
    const visitor = await signInNewVisitor(api);
    const origin = PUBLIC_ORIGIN;
    const unknown = await visitor.client.GET('/customer/v1/getAccountQrcode', {
      params: { query: { cid: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(unknown.link).toBe(`${origin}/register/register?sourceId=4`);
    const unregistered = await signInNewVisitor(api);
    const me = await unregistered.client.GET('/login/v1/getCurrent');
    const own = await visitor.client.GET('/customer/v1/getAccountQrcode', {
      params: { query: { cid: me.customerVo.cid } },
    });
    expect(own.link).toBe(unknown.link);
  });

  it('lets a visitor see a QR of the entry link with the sharer’s invite code, drawn once', async () => {
    const sharer = await registeredCustomer(api, '李秀英');
    const { inviteCode } = await sharer.client.GET('/customer/v1/inviteCount');
    const visitor = await signInNewVisitor(api);
    const first = await visitor.client.GET('/customer/v1/getAccountQrcode', { params: { query: { cid: sharer.cid } } });
    const origin = PUBLIC_ORIGIN;
    expect(first).toMatchObject({
      cached: false,
      link: `${origin}/register/register?inviteCode=${inviteCode}&sourceId=4`,
    });
    const png = await fileOf(first.qrcodeUrl);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      ACCOUNT_QR_SIZE.width * 2,
      ACCOUNT_QR_SIZE.height * 2,
    ]);
    const expected = qrMatrix(first.link);
    expect(qrFromCard(png, expected.length)).toEqual(expected);
    // Anyone asking about the same sharer gets the same stored card.
    const again = await (
      await signInNewVisitor(api)
    ).client.GET('/customer/v1/getAccountQrcode', { params: { query: { cid: sharer.cid } } });
    expect(again).toEqual({ ...first, cached: true });
    // The health brand's page links to the health brand.
    const health = await (
      await signInNewVisitor(api, 3)
    ).client.GET('/customer/v1/getAccountQrcode', { params: { query: { cid: sharer.cid } } });
    expect(health.link).toContain('sourceId=3');
    expect(health.qrcodeUrl).not.toBe(first.qrcodeUrl);
  });
});

describe('GET /sign/v1/getSignDayDetail (the sign-in day share image)', () => {
  it('requires a session, then registration', async () => {
    expect(
      await failure(api.client().GET('/sign/v1/getSignDayDetail', { params: { query: { shareTime: '2026-11-20' } } })),
    ).toMatchObject({ code: 40100 });
    const { client } = await signInNewVisitor(api);
    expect(
      await failure(client.GET('/sign/v1/getSignDayDetail', { params: { query: { shareTime: '2026-11-20' } } })),
    ).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });

  it('refuses a day that is not one', async () => {
    const { client } = await registeredCustomer(api);
    for (const shareTime of ['2026-13-01', '20261120xx', '2026/11/20']) {
      expect(
        await failure(client.GET('/sign/v1/getSignDayDetail', { params: { query: { shareTime } } })),
      ).toMatchObject({ code: 40000, errMsg: '分享日期格式不正确' });
    }
    expect(await failure(client.GET('/sign/v1/getSignDayDetail', { params: { query: {} as never } }))).toMatchObject({
      code: 40000,
    });
  });

  it('refuses a day only another customer signed', async () => {
    const other = await registeredCustomer(api);
    await other.client.POST('/sign/v1/signIn', { body: {} });
    const me = await registeredCustomer(api);
    expect(
      await failure(me.client.GET('/sign/v1/getSignDayDetail', { params: { query: { shareTime: '2026-11-20' } } })),
    ).toMatchObject({ code: 40400, errMsg: '这一天没有签到' });
  });

  it('draws the day’s PNG with its streak and points, and serves it from the cache the second time', async () => {
    const me = await registeredCustomer(api);
    const start = clock().getTime();
    try {
      await me.client.POST('/sign/v1/signIn', { body: {} });
      clock.advance(DAY);
      await me.client.POST('/sign/v1/signIn', { body: {} });
      const first = await me.client.GET('/sign/v1/getSignDayDetail', {
        params: { query: { shareTime: '2026-11-21 08:00:00' } },
      });
      expect(first).toMatchObject({ day: '2026-11-21', series: 2, score: 1, cached: false });
      const png = await fileOf(first.imgUrl);
      expect(png.toString('latin1', 12, 16)).toBe('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
        CHECK_IN_IMAGE_SIZE.width * 2,
        CHECK_IN_IMAGE_SIZE.height * 2,
      ]);
      // The brand's colour fills the top.
      const image = decodePng(png);
      expect(image.rgb(10, 10)).not.toEqual([255, 255, 255]);
      expect(
        await me.client.GET('/sign/v1/getSignDayDetail', { params: { query: { shareTime: '2026-11-21' } } }),
      ).toEqual({ ...first, cached: true });
      const dayBefore = await me.client.GET('/sign/v1/getSignDayDetail', {
        params: { query: { shareTime: '2026-11-20' } },
      });
      expect(dayBefore).toMatchObject({ day: '2026-11-20', series: 1, cached: false });
      expect(dayBefore.imgUrl).not.toBe(first.imgUrl);
      expect((await fileOf(dayBefore.imgUrl)).equals(png)).toBe(false);
    } finally {
      clock.advance(start - clock().getTime());
    }
  });
});
