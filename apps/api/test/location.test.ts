import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { TencentMapFake } from './fakes/tencent-map-fake';

const NOT_FOUND = '系统无法检测到您的位置，是否重试？';
const TIANANMEN = { longitude: 116.39747, latitude: 39.908823 };
const PEOPLES_SQUARE = { longitude: 121.473701, latitude: 31.230416 };
const OPEN_SEA = { longitude: 128, latitude: 25 };
const NEVER_SAVED = {
  province: null,
  city: null,
  district: null,
  provinceName: null,
  cityName: null,
  districtName: null,
  longitude: null,
  latitude: null,
};

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /customer/v1/getLocation', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/customer/v1/getLocation'))).toMatchObject({ code: 40100 });
  });

  it('is for registered customers only', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.GET('/customer/v1/getLocation'))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });

  it('shows only the caller’s own location, whatever cid the request carries', async () => {
    const alice = await registeredCustomer(api);
    const bob = await registeredCustomer(api);
    await alice.client.POST('/customer/v1/updateLocation', { body: TIANANMEN });
    expect(
      await bob.client.GET('/customer/v1/getLocation', { params: { query: { cid: alice.cid } } } as never),
    ).toEqual(NEVER_SAVED);
  });

  it('is all null until a location is saved', async () => {
    const { client } = await registeredCustomer(api);
    expect(await client.GET('/customer/v1/getLocation')).toEqual(NEVER_SAVED);
  });
});

describe('POST /customer/v1/updateLocation', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().POST('/customer/v1/updateLocation', { body: TIANANMEN }))).toMatchObject({
      code: 40100,
    });
  });

  it('is for registered customers only', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.POST('/customer/v1/updateLocation', { body: TIANANMEN }))).toMatchObject({
      code: 40300,
      errMsg: '请先注册',
    });
  });

  it.each([
    [{ longitude: 180.5, latitude: 39.9 }, '经度应在-180至180之间'],
    [{ longitude: -181, latitude: 39.9 }, '经度应在-180至180之间'],
    [{ longitude: 116.4, latitude: 90.01 }, '纬度应在-90至90之间'],
    [{ longitude: 116.4 }, '纬度应在-90至90之间'],
    [{ longitude: 'east', latitude: 39.9 }, '经度应在-180至180之间'],
    [{ ...TIANANMEN, cid: 'someone-else' }, '请求体包含不支持的字段：cid'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/customer/v1/updateLocation', { body: body as never }))).toMatchObject({
      code: 40000,
      errMsg,
    });
    expect(await client.GET('/customer/v1/getLocation')).toEqual(NEVER_SAVED);
  });

  it('answers 40400 with the spec’s retry message for a point it cannot place, and saves nothing', async () => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/customer/v1/updateLocation', { body: OPEN_SEA }))).toMatchObject({
      code: 40400,
      errMsg: NOT_FOUND,
      status: 404,
    });
    expect(await client.GET('/customer/v1/getLocation')).toEqual(NEVER_SAVED);
  });

  it('saves only the caller’s own location; another customer’s is never visible or changed', async () => {
    const alice = await registeredCustomer(api);
    const bob = await registeredCustomer(api);
    await alice.client.POST('/customer/v1/updateLocation', { body: TIANANMEN });
    expect(await bob.client.GET('/customer/v1/getLocation')).toEqual(NEVER_SAVED);
    await bob.client.POST('/customer/v1/updateLocation', { body: PEOPLES_SQUARE });
    expect(await alice.client.GET('/customer/v1/getLocation')).toMatchObject({
      district: '110101',
      longitude: 116.39747,
    });
    expect(await bob.client.GET('/customer/v1/getLocation')).toMatchObject({
      district: '310101',
      longitude: 121.473701,
    });
  });

  it('looks the point up, saves it with its region and returns it', async () => {
    const { client } = await registeredCustomer(api);
    const saved = {
      province: '110000',
      city: '110100',
      district: '110101',
      provinceName: '北京市',
      cityName: '北京市',
      districtName: '东城区',
      ...TIANANMEN,
    };
    expect(await client.POST('/customer/v1/updateLocation', { body: TIANANMEN })).toEqual(saved);
    expect(await client.GET('/customer/v1/getLocation')).toEqual(saved);
    // The region is the profile's region too.
    expect((await client.GET('/login/v1/getCurrent')).customerVo).toMatchObject({
      province: '110000',
      city: '110100',
      district: '110101',
    });
  });

  it('keeps six decimals and replaces an earlier location', async () => {
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/updateLocation', { body: TIANANMEN });
    const moved = await client.POST('/customer/v1/updateLocation', {
      body: { longitude: 121.47370149, latitude: 31.2304161 },
    });
    expect(moved).toMatchObject({ district: '310101', longitude: 121.473701, latitude: 31.230416 });
    expect(await client.GET('/customer/v1/getLocation')).toEqual(moved);
  });
});

describe('GET /customer/v1/queryLocationByLongitudeAndLatitude', () => {
  const query = (q: Record<string, unknown>) => ({ params: { query: q } }) as never;

  it('requires a session', async () => {
    expect(
      await failure(api.client().GET('/customer/v1/queryLocationByLongitudeAndLatitude', query(PEOPLES_SQUARE))),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ longitude: 121.47 }, '纬度应在-90至90之间'],
    [{ longitude: 200, latitude: 31.23 }, '经度应在-180至180之间'],
    [{ longitude: 121.47, latitude: -95 }, '纬度应在-90至90之间'],
    [{ longitude: 'abc', latitude: 31.23 }, '经度应在-180至180之间'],
    [{ ...PEOPLES_SQUARE, cid: 'x' }, '查询参数包含不支持的字段：cid'],
  ])('refuses %j with %s', async (q, errMsg) => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.GET('/customer/v1/queryLocationByLongitudeAndLatitude', query(q)))).toMatchObject({
      code: 40000,
      errMsg,
    });
  });

  it('answers 40400 with the spec’s retry message for a point it cannot place', async () => {
    const { client } = await signInNewVisitor(api);
    expect(
      await failure(client.GET('/customer/v1/queryLocationByLongitudeAndLatitude', query(OPEN_SEA))),
    ).toMatchObject({ code: 40400, errMsg: NOT_FOUND });
  });

  it('gives the province, city and district of a point to any signed-in visitor, saving nothing', async () => {
    const { client } = await registeredCustomer(api);
    expect(await client.GET('/customer/v1/queryLocationByLongitudeAndLatitude', query(PEOPLES_SQUARE))).toEqual({
      province: '310000',
      city: '310100',
      district: '310101',
      provinceName: '上海市',
      cityName: '上海市',
      districtName: '黄浦区',
    });
    expect(await client.GET('/customer/v1/getLocation')).toEqual(NEVER_SAVED);
    const visitor = await signInNewVisitor(api);
    expect(
      await visitor.client.GET('/customer/v1/queryLocationByLongitudeAndLatitude', query(TIANANMEN)),
    ).toMatchObject({ districtName: '东城区' });
  });
});

describe('location through Tencent Location Service (GEOCODER=tencent)', () => {
  let fake: TencentMapFake;
  let tencentApi: TestApi;
  beforeAll(async () => {
    fake = await TencentMapFake.start();
    tencentApi = await startTestApi({
      GEOCODER: 'tencent',
      TENCENT_MAP_KEY: fake.key,
      TENCENT_MAP_SK: fake.sk,
      TENCENT_MAP_BASE: fake.url,
    });
  });
  afterAll(async () => {
    await tencentApi.close();
    await fake.close();
  });

  it('saves the region the service answers with', async () => {
    const { client } = await registeredCustomer(tencentApi);
    const before = fake.calls;
    expect(
      await client.POST('/customer/v1/updateLocation', { body: { longitude: 113.934528, latitude: 22.540503 } }),
    ).toEqual({
      province: '440000',
      city: '440300',
      district: '440305',
      provinceName: '广东省',
      cityName: '深圳市',
      districtName: '南山区',
      longitude: 113.934528,
      latitude: 22.540503,
    });
    expect(fake.calls).toBe(before + 1);
    expect(fake.requests.at(-1)?.status).toBe(0);
  });

  it('answers 40400 when the service has no result (347)', async () => {
    const { client } = await signInNewVisitor(tencentApi);
    const error = await failure(
      client.GET('/customer/v1/queryLocationByLongitudeAndLatitude', { params: { query: OPEN_SEA } }),
    );
    expect(error).toMatchObject({ code: 40400, errMsg: NOT_FOUND });
    expect(fake.requests.at(-1)?.status).toBe(347);
  });

  it('answers 50300, never a 500, while the service is failing, and saves nothing', async () => {
    const { client } = await registeredCustomer(tencentApi);
    fake.failWithHttpStatus = 502;
    try {
      const error = await failure(client.POST('/customer/v1/updateLocation', { body: TIANANMEN }));
      expect(error).toMatchObject({ code: 50300, errMsg: '定位服务暂不可用，请稍后再试', status: 503 });
    } finally {
      fake.failWithHttpStatus = null;
    }
    expect(await client.GET('/customer/v1/getLocation')).toEqual(NEVER_SAVED);
  });
});
