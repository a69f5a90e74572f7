import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_TEXTS_VERSION } from '../src/contexts/platform/legal/legal.texts';
import { Customer } from '../src/contexts/identity/customer/customer.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /customer/v1/queryLegal', () => {
  it('needs no session: the texts are read before registering', async () => {
    const texts = await api.client().GET('/customer/v1/queryLegal');
    expect(texts.map((t) => [t.type, t.title, t.version])).toEqual([
      [1, '用户服务协议', LEGAL_TEXTS_VERSION],
      [2, '隐私政策', LEGAL_TEXTS_VERSION],
    ]);
  });

  it('refuses a type that is not 1 or 2', async () => {
    const res = await fetch(`${api.baseUrl}/customer/v1/queryLegal?type=3`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 40000, data: null });
    expect(
      await failure(api.client().GET('/customer/v1/queryLegal', { params: { query: { type: 'x' as never } } })),
    ).toMatchObject({ code: 40000 });
  });

  it('answers one text with the caller brand’s name filled in', async () => {
    const [medical] = await api
      .client({ sourceId: 4 })
      .GET('/customer/v1/queryLegal', { params: { query: { type: 2 } } });
    const [health] = await api
      .client({ sourceId: 3 })
      .GET('/customer/v1/queryLegal', { params: { query: { type: 2 } } });
    expect(medical?.type).toBe(2);
    expect(medical?.intro[0]).toMatch(/^糖护医疗/);
    expect(health?.intro[0]).toMatch(/^糖护健康/);
    const all = JSON.stringify([medical, health]);
    expect(all).not.toContain('{brand}');
  });

  it('says what the spec requires of each text', async () => {
    const [agreement, privacy] = await api.client().GET('/customer/v1/queryLegal');
    const text = (t: typeof agreement) => JSON.stringify(t);
    // Spec 1 §2.12: user, doctor and platform; certified doctors; no private dealings; a guardian under 18.
    for (const phrase of ['用户（提问者）', '医生（解答者）', '执业资格认证', '禁止私下交易', '未满18周岁']) {
      expect(text(agreement)).toContain(phrase);
    }
    // The privacy policy covers Q&A, paid consultations, prescriptions and drugs, meters, reports,
    // and the relatives' access the product gives (only after the patient accepts).
    for (const phrase of [
      '在线医生问答',
      '付费问诊',
      '处方',
      '血糖仪',
      '健康周报和月报',
      '敏感个人信息',
      '在您同意后',
    ]) {
      expect(text(privacy)).toContain(phrase);
    }
  });
});

describe('consent to the legal texts', () => {
  it('records at registration the version of the texts the user consented to', async () => {
    const visitor = await signInNewVisitor(api);
    const visitorId = (await visitor.client.GET('/login/v1/getCurrent')).customerVo.cid;
    const registered = await registeredCustomer(api);
    const em = api.app.orm.em.fork();
    expect((await em.findOneOrFail(Customer, { id: visitorId })).legalVersion).toBeNull();
    expect((await em.findOneOrFail(Customer, { id: registered.cid })).legalVersion).toBe(LEGAL_TEXTS_VERSION);
  });
});
