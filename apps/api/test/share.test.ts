import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const DAY = 24 * 3600 * 1000;

async function patientWithReadings() {
  const patient = await registeredCustomer(api, '张小明');
  for (const [sugar, time] of [
    [5.6, '2026-11-18 07:00'],
    [2.8, '2026-11-19 07:00'],
    [12.0, '2026-11-19 13:00'],
  ] as const) {
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar, createTime: time } });
  }
  await patient.client.POST('/bloodPressureTest/v1/add', {
    body: { sbp: 150, dbp: 96, hr: 70, createTime: '2026-11-19 08:00' },
  });
  return patient;
}

describe('POST /share/v1/create', () => {
  it('requires a registered customer', async () => {
    expect(
      await failure(
        api.client().POST('/share/v1/create', {
          body: { kind: 'sugar', createStartTime: '2026-11-01', createEndTime: '2026-11-20' },
        }),
      ),
    ).toMatchObject({ code: 40100 });
    const visitor = await signInNewVisitor(api);
    expect(
      await failure(
        visitor.client.POST('/share/v1/create', {
          body: { kind: 'sugar', createStartTime: '2026-11-01', createEndTime: '2026-11-20' },
        }),
      ),
    ).toMatchObject({ code: 40300 });
  });

  it.each([
    [{ createStartTime: '2026-11-20', createEndTime: '2026-11-01' }, '请选择正确的分享时间范围'],
    [{ createStartTime: '2024-01-01', createEndTime: '2026-11-20' }, '分享时间范围不能超过一年'],
    [{ createStartTime: '2026-11-01', createEndTime: '2026-11-20', days: 31 }, ''],
  ])('refuses %j', async (range, errMsg) => {
    const { client } = await registeredCustomer(api);
    const error = await failure(client.POST('/share/v1/create', { body: { kind: 'sugar', ...range } }));
    expect(error.code).toBe(40000);
    if (errMsg) {
      expect(error.errMsg).toBe(errMsg);
    }
  });
});

describe('the shared tables', () => {
  it('show the readings of the period with the name masked and the counts, without sign-in', async () => {
    const patient = await patientWithReadings();
    const sugar = await patient.client.POST('/share/v1/create', {
      body: { kind: 'sugar', createStartTime: '2026-11-19', createEndTime: '2026-11-20 23:59:59', title: '近期血糖' },
    });
    const table = await api.client().GET('/share/v1/bloodSugarTable', { params: { query: { token: sugar.token } } });
    expect(table).toMatchObject({
      nickname: '张**',
      title: '近期血糖',
      dataTypeName: '血糖',
      totalData: 2,
      normalShareCount: 0,
      lowCount: 1,
      highShareCount: 1,
    });
    expect(table.items.map((i) => i.sugar)).toEqual([12, 2.8]);
    expect(JSON.stringify(table)).not.toContain(patient.cid);
    const bp = await patient.client.POST('/share/v1/create', {
      body: { kind: 'bloodPressure', createStartTime: '2026-11-01', createEndTime: '2026-11-20' },
    });
    expect(
      await api.client().GET('/share/v1/bloodPressureTable', { params: { query: { token: bp.token } } }),
    ).toMatchObject({
      nickname: '张**',
      totalData: 1,
      highShareCount: 1,
      items: [{ sbp: 150, dbp: 96, color: 3 }],
    });
  });

  it('refuse a token of the other kind, an unknown token, an expired link and a revoked one', async () => {
    const patient = await patientWithReadings();
    const link = await patient.client.POST('/share/v1/create', {
      body: { kind: 'sugar', createStartTime: '2026-11-01', createEndTime: '2026-11-20', days: 1 },
    });
    const gone = { code: 40400, errMsg: '分享链接已失效' };
    expect(
      await failure(api.client().GET('/share/v1/bloodPressureTable', { params: { query: { token: link.token } } })),
    ).toMatchObject(gone);
    expect(
      await failure(api.client().GET('/share/v1/bloodSugarTable', { params: { query: { token: 'x'.repeat(32) } } })),
    ).toMatchObject(gone);
    const other = await patient.client.POST('/share/v1/create', {
      body: { kind: 'sugar', createStartTime: '2026-11-01', createEndTime: '2026-11-20' },
    });
    expect((await patient.client.GET('/share/v1/list')).map((l) => l.shareId).sort()).toEqual(
      [other.shareId, link.shareId].sort(),
    );
    await patient.client.POST('/share/v1/revoke', { body: { shareId: other.shareId } });
    expect(
      await failure(api.client().GET('/share/v1/bloodSugarTable', { params: { query: { token: other.token } } })),
    ).toMatchObject(gone);
    clock.advance(DAY + 1000);
    expect(
      await failure(api.client().GET('/share/v1/bloodSugarTable', { params: { query: { token: link.token } } })),
    ).toMatchObject(gone);
    expect(await patient.client.GET('/share/v1/list')).toEqual([]);
  });

  it('only the owner can revoke a link', async () => {
    const patient = await patientWithReadings();
    const link = await patient.client.POST('/share/v1/create', {
      body: { kind: 'sugar', createStartTime: '2026-11-01', createEndTime: '2026-11-20' },
    });
    const other = await registeredCustomer(api);
    expect(await failure(other.client.POST('/share/v1/revoke', { body: { shareId: link.shareId } }))).toMatchObject({
      code: 40400,
      errMsg: '分享不存在',
    });
    expect(
      (await api.client().GET('/share/v1/bloodSugarTable', { params: { query: { token: link.token } } })).totalData,
    ).toBeGreaterThan(0);
  });
});
