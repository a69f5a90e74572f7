import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@glucoguard/sdk';
import { startTestApi, type TestApi } from './harness';
import { seed } from '../src/seed/seed';
import { DictionaryItem } from '../src/contexts/platform/dictionary/dictionary.entity';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /config/v1/queryDicByTypeCode', () => {
  it('rejects a request without typeCode with a Chinese message', async () => {
    const error: unknown = await api
      .client()
      .GET('/config/v1/queryDicByTypeCode', { params: { query: {} as { typeCode: string } } })
      .catch((e: unknown) => e);
    expect(isApiError(error, 40000)).toBe(true);
    expect(error).toMatchObject({ errMsg: '查询参数缺少必填字段：typeCode', status: 400 });
  });

  it('lists the seeded diabetes types in order, type 2 third as the registration default expects', async () => {
    const items = await api
      .client()
      .GET('/config/v1/queryDicByTypeCode', { params: { query: { typeCode: 'diabetes_type' } } });
    expect(items.slice(0, 3)).toEqual([
      { itemKey: '1', itemValue: '健康（无糖尿病）' },
      { itemKey: '2', itemValue: '1型糖尿病' },
      { itemKey: '3', itemValue: '2型糖尿病' },
    ]);
  });

  it('returns an empty list for an unknown dictionary', async () => {
    const items = await api
      .client()
      .GET('/config/v1/queryDicByTypeCode', { params: { query: { typeCode: 'no_such_type' } } });
    expect(items).toEqual([]);
  });
});

describe('seed', () => {
  it('changes nothing when it runs again', async () => {
    const count = () => api.app.orm.em.fork().count(DictionaryItem);
    const before = await count();
    const demo = { sessionSecret: api.app.providers.sessionSecret, now: api.app.providers.clock() };
    await seed(api.app.orm, demo);
    await seed(api.app.orm, demo);
    expect(before).toBeGreaterThan(0);
    expect(await count()).toBe(before);
  });
});
