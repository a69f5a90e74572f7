// The demo's prescriptions (seed/demoRx.ts): the demo patient sees a used, an approved and a
// waiting prescription and two advice from demo.doctor's doctor; demo.pharmacist has the waiting one
// in the queue; seeding again adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/seed';
import { Prescription } from '../src/contexts/care/rx/rx.entity';
import { signInDemoPatient, startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const demoPatient = () => signInDemoPatient(api);

describe('the demo prescriptions', () => {
  it('shows the demo patient a used, an approved and a waiting prescription, and two advice', async () => {
    const patient = await demoPatient();
    const records = await patient.GET('/rx/v1/pagedQueryList', { params: { query: { type: 1, pageSize: 10 } } });
    expect(records.items.map((i) => i.customerShowStatus).sort()).toEqual([1, 2, 4]);
    expect(records.items.every((i) => i.userName === '王明远')).toBe(true);
    const approved = records.items.find((i) => i.customerShowStatus === 2)!;
    const detail = await patient.GET('/rx/v1/queryById', { params: { query: { infoId: approved.infoId } } });
    expect(detail.rxSealExtend?.image).toMatch(/^data:image\/png;base64,/);
    const used = records.items.find((i) => i.customerShowStatus === 4)!;
    const usedDetail = await patient.GET('/rx/v1/queryById', { params: { query: { infoId: used.infoId } } });
    expect(usedDetail.rxMedicineRelationship.map((m) => m.medicineId)).toEqual([1, 8]);
    const advice = await patient.GET('/rx/v1/pagedQueryList', { params: { query: { type: 2 } } });
    expect(advice.totalNum).toBe(2);
  });

  it('puts the waiting one in demo.pharmacist’s queue', async () => {
    const { token } = await api
      .client()
      .POST('/console/v1/signIn', { body: { username: 'demo.pharmacist', password: 'Pharmacist#2026' } });
    const queue = await api.client({ token }).GET('/console/v1/rx/reviews', { params: { query: {} } });
    expect(queue.items.map((i) => i.patient.customerId)).toHaveLength(queue.pendingCount);
    expect(queue.pendingCount).toBe(1);
  });

  it('seeds nothing more when run again', async () => {
    const before = await api.app.orm.em.fork().count(Prescription, {});
    await seed(api.app.orm, { sessionSecret: api.app.providers.sessionSecret, now: clock() });
    expect(await api.app.orm.em.fork().count(Prescription, {})).toBe(before);
  });
});
