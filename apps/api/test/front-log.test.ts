import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { FrontLog } from '../src/contexts/platform/front-log/frontLog.entity';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const post = (body: string, contentType = 'application/json') =>
  fetch(`${api.baseUrl}/front/v1/log`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('POST /front/v1/log', () => {
  it.each([
    ['a missing field', JSON.stringify({ url: '/', errMessage: 'x' }), '请求体缺少必填字段：errName'],
    [
      'an unknown field',
      JSON.stringify({ url: '/', errName: 'E', errMessage: 'x', cid: '1' }),
      '请求体包含不支持的字段：cid',
    ],
    ['an empty url', JSON.stringify({ url: '', errName: 'E', errMessage: 'x' }), '请求体字段 url 不应少于 1 个字符'],
    ['malformed JSON', '{"url":', '请求体不是有效的 JSON'],
  ])('refuses %s with a clear message and stores nothing', async (_case, body, errMsg) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 40000, errMsg, data: null });
    expect(await api.app.orm.em.fork().count(FrontLog)).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await post('url=/', 'text/plain');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      code: 40000,
      errMsg: '请求体必须是 JSON 格式（Content-Type: application/json）',
    });
  });

  it('stores an anonymous report, keeping the client-sent customer id only as a claim', async () => {
    const receipt = await api.client({ requestId: () => 'req-front-log-1' }).POST('/front/v1/log', {
      body: {
        customerId: 'someone-else',
        url: '/reportCenter',
        funName: 'load',
        errName: 'TypeError',
        errMessage: 'x is undefined',
      },
    });
    expect(receipt.id).toMatch(/^\d+$/);
    const stored = await api.app.orm.em.fork().findOneOrFail(FrontLog, { id: receipt.id });
    expect(stored).toMatchObject({
      sessionCustomerId: null,
      claimedCustomerId: 'someone-else',
      url: '/reportCenter',
      errName: 'TypeError',
      requestId: 'req-front-log-1',
      appCode: 'wechat_xty',
    });
  });
});
