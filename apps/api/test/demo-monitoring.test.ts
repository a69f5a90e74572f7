// The demo's monitoring plan (seed/demoMonitoring.ts): the demo patient's latest plan comes from
// demo.doctor's doctor and covers the seed time's week, Monday to Sunday, in the spec's table;
// demo.doctor sees it beside the running consultation; seeding again adds nothing.
import { CONSULT_STATUS } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/seed';
import { MonitorPlan } from '../src/contexts/care/monitoring/monitoring.entity';
import { signInDemoPatient, startTestApi, testClock, type TestApi } from './harness';

// Thursday 2026-11-26 10:00 China time: the week runs from Monday 11-23 to Sunday 11-29.
const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const demoPatient = () => signInDemoPatient(api);

describe('the demo monitoring plan', () => {
  it('gives the demo patient a plan of this week from demo.doctor’s doctor', async () => {
    const plan = await (await demoPatient()).POST('/sugarmonitor/receive/latest', { body: {} });
    expect(plan).toMatchObject({ doctorName: '王明远', createTime: '2026-11-23 09:00:00' });
    expect(plan?.monitorPeriods.map((r) => r.ytitle)).toEqual([
      '11-23',
      '11-24',
      '11-25',
      '11-26',
      '11-27',
      '11-28',
      '11-29',
    ]);
    const planned = (i: number) =>
      plan?.monitorPeriods[i]?.xperiod.filter((c) => c.monitorFlag === 1).map((c) => c.xtitle);
    expect(planned(0)).toEqual(['空腹', '早餐后', '晚餐后']);
    expect(planned(2)).toEqual(['空腹', '早餐后', '晚餐后', '睡前']);
    expect(planned(6)).toEqual(['空腹', '早餐后']);
    expect(plan?.adherence.planned).toBeGreaterThan(0);
  });

  it('shows it to demo.doctor beside the running consultation', async () => {
    const { token } = await api
      .client()
      .POST('/console/v1/signIn', { body: { username: 'demo.doctor', password: 'Doctor#2026' } });
    const doctor = api.client({ token });
    const consults = await doctor.GET('/console/v1/consults', { params: { query: { state: 'active' } } });
    const running = consults.items.find((c) => c.status === CONSULT_STATUS.inConsultation)!;
    const { items } = await doctor.GET('/console/v1/consults/{consultId}/monitorPlans', {
      params: { path: { consultId: running.consultId } },
    });
    expect(items).toHaveLength(1);
    expect(items[0]?.monitorPeriods).toHaveLength(7);
  });

  it('seeds nothing more when run again', async () => {
    const before = await api.app.orm.em.fork().count(MonitorPlan, {});
    await seed(api.app.orm, { sessionSecret: api.app.providers.sessionSecret, now: clock() });
    expect(await api.app.orm.em.fork().count(MonitorPlan, {})).toBe(before);
  });
});
