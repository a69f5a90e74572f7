import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoPatient, startTestApi, testClock, type TestApi } from './harness';
import { seed } from '../src/seed/seed';
import { DEMO_BALANCES } from '../src/seed/demoBalances';

// The demo patient's points and strips (docs/adr/0193-demo-points-and-strips.md), read through the API.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

describe('the demo patient’s balances', () => {
  it('are one 积分调整 and one 客服调整 in the ledgers, and seeding again adds nothing', async () => {
    const patient = await signInDemoPatient(api);
    const balances = async () => {
      const { customerVo } = await patient.GET('/login/v1/getCurrent');
      return { points: customerVo.customerScore, strips: customerVo.givePaper };
    };
    expect(await balances()).toEqual(DEMO_BALANCES);

    clock.advance(86_400_000);
    await seed(api.app.orm, { sessionSecret: api.app.providers.sessionSecret, now: clock() });
    expect(await balances()).toEqual(DEMO_BALANCES);

    const points = await patient.GET('/customer/v1/scoreDetail', { params: { query: {} } });
    expect(points.items).toEqual([expect.objectContaining({ actionName: '积分调整', score: DEMO_BALANCES.points })]);
    const strips = await patient.GET('/customer/v1/paperRecords', { params: { query: {} } });
    expect(strips.balance).toBe(DEMO_BALANCES.strips);
    expect(strips.items).toEqual([
      expect.objectContaining({ reason: 'adjustment', reasonText: '客服调整', delta: DEMO_BALANCES.strips }),
    ]);
  });

  it('earn no place in the points ranking (an adjustment is not a task)', async () => {
    const patient = await signInDemoPatient(api);
    const summary = await patient.GET('/sign/v1/getSignScore');
    expect(summary).toMatchObject({ score: DEMO_BALANCES.points, monthScore: 0 });
  });
});
