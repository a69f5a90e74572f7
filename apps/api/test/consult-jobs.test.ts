// The consultation's timers as durable jobs (docs/consultation.md): 24 hours without the doctor's
// answer cancels and fully refunds it, an interval service ends itself at its end time, and both
// survive a restart of the API. The clock is injected: the API's clock is set back so that a timer
// it schedules falls due moments from now on the database's clock, which the job queue runs by.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSULT_CANCEL_REASONS, CONSULT_CHAT_TEXTS, DOCTOR_SERVICE_TYPE } from '@glucoguard/domain';
import { DoctorService } from '../src/contexts/care/doctor/doctorService.entity';
import { Consult } from '../src/contexts/care/consult/consult.entity';
import { PaymentIntent } from '../src/contexts/commerce/payment/paymentIntent.entity';
import { PaymentRefund } from '../src/contexts/commerce/payment/paymentRefund.entity';
import { nativeQuery } from '../src/lib/db';
import { registeredCustomer, restartTestApi, startTestApi, type TestApi } from './harness';
import { doctorRecord, signedInStaff } from './staff-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const photo = 'uploads/273/2026/11/26/fedcba9876543210fedcba9876543210.png';

/** A clock that runs with the real one, shifted by what the test sets. */
function shiftedClock() {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  clock.set = (ms: number) => {
    offset = ms;
  };
  return clock;
}

type Clock = ReturnType<typeof shiftedClock>;
type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

async function doctorWithServices(api: TestApi) {
  const doctor = await doctorRecord(api, { name: '韩医生', title: '副主任医师' });
  const em = api.app.orm.em.fork();
  const service = (serviceType: number, price: number, days: number) =>
    em.create(DoctorService, {
      doctorId: doctor.id,
      serviceType,
      serviceName: days ? `${days}天图文咨询` : '图文咨询',
      serviceInterval: days,
      servicePrice: price,
      intro: '',
      status: 1,
      sort: 0,
    });
  const once = service(DOCTOR_SERVICE_TYPE.once, 4000, 0);
  const week = service(DOCTOR_SERVICE_TYPE.interval, 12900, 7);
  await em.flush();
  const { client } = await signedInStaff(api, 'doctor', { doctorId: doctor.id });
  return { onceId: once.id, weekId: week.id, console: client };
}

async function buyAndPay(customer: Customer, serviceId: number) {
  const bought = await customer.client.POST('/consult/v1/pay', { body: { serviceId } });
  await customer.client.POST('/payment/v1/localPay', { body: { intentId: bought.intent.intentId, action: 'pay' } });
  return bought;
}

const submit = (customer: Customer, sessionId: string) =>
  customer.client.POST('/consult/v1/saveDiagnosticInfo', {
    body: { sessionId, diagnosticInfo: { desc: '餐后两小时血糖13左右，头晕乏力。', imgList: [photo] } },
  });

const rowOf = (api: TestApi, consultId: string) =>
  api.app.orm.em.fork().findOneOrFail(Consult, { id: consultId }, { disableIdentityMap: true });

const intentState = async (api: TestApi, intentId: string) =>
  (await api.app.orm.em.fork().findOneOrFail(PaymentIntent, { id: intentId }, { disableIdentityMap: true })).state;

const lastCustom = async (customer: Customer, sessionId: string) => {
  const { items } = await customer.client.GET('/consult/v1/pagedQueryMessageList', {
    params: { query: { sessionId, pageSize: 50 } },
  });
  const last = items.at(-1)?.payload;
  return last?.type === 'custom' ? last : null;
};

const jobState = async (api: TestApi, name: string, key: string) => {
  const [row] = await nativeQuery<{ state: string }>(
    api.app.orm.em.fork(),
    "select state from pgboss.job where name = $1 and data->>'key' = $2",
    [name, key],
  );
  return row?.state;
};

const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 250 });

describe('on one running API', () => {
  const clock = shiftedClock();
  let api: TestApi;
  let services: Awaited<ReturnType<typeof doctorWithServices>>;

  beforeAll(async () => {
    api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' }, { clock });
    services = await doctorWithServices(api);
  });
  afterAll(() => api.close());

  it('cancels and fully refunds a consultation the doctor left unanswered for 24 hours', async () => {
    const customer = await registeredCustomer(api, '杨帆');
    const bought = await buyAndPay(customer, services.onceId);
    // Submitted "24 hours minus 2 seconds ago": its timer falls due in 2 seconds.
    clock.set(-DAY + 2_000);
    await submit(customer, bought.sessionId);
    clock.set(0);
    expect((await rowOf(api, bought.consultId)).status).toBe(3);

    await waitFor(async () => expect((await rowOf(api, bought.consultId)).status).toBe(4));
    const row = await rowOf(api, bought.consultId);
    expect(row.cancelReason).toBe(CONSULT_CANCEL_REASONS.expired);
    expect(await lastCustom(customer, bought.sessionId)).toMatchObject({
      data: 'cancel',
      description: CONSULT_CHAT_TEXTS.cancel,
    });
    await waitFor(async () => expect(await intentState(api, bought.intent.intentId)).toBe('refunded'));
    // The doctor can no longer accept it.
    const late = await services.console
      .POST('/console/v1/consults/{consultId}/accept', { params: { path: { consultId: bought.consultId } } })
      .catch((error: unknown) => error);
    expect(late).toMatchObject({ code: 40900 });
  });

  it('leaves a consultation the doctor accepted in time as it is when its 24 hours pass', async () => {
    const customer = await registeredCustomer(api, '何静');
    const bought = await buyAndPay(customer, services.onceId);
    clock.set(-DAY + 3_000);
    await submit(customer, bought.sessionId);
    await services.console.POST('/console/v1/consults/{consultId}/accept', {
      params: { path: { consultId: bought.consultId } },
    });
    clock.set(0);
    // Its timer ran (the job is completed) and found nothing to do.
    await waitFor(async () => expect(await jobState(api, 'care.consult.expire', bought.consultId)).toBe('completed'));
    expect((await rowOf(api, bought.consultId)).status).toBe(2);
    expect(await intentState(api, bought.intent.intentId)).toBe('paid');
  });

  it('ends an interval service by itself at its end time, with the end message', async () => {
    const customer = await registeredCustomer(api, '施伟');
    const bought = await buyAndPay(customer, services.weekId);
    await submit(customer, bought.sessionId);
    // Accepted "7 days minus 2 seconds ago": its end falls due in 2 seconds.
    clock.set(-7 * DAY + 2_000);
    const accepted = await services.console.POST('/console/v1/consults/{consultId}/accept', {
      params: { path: { consultId: bought.consultId } },
    });
    clock.set(0);
    expect(accepted.status).toBe(2);
    await waitFor(async () => expect((await rowOf(api, bought.consultId)).status).toBe(0));
    expect(await lastCustom(customer, bought.sessionId)).toMatchObject({
      data: 'end-consult',
      description: CONSULT_CHAT_TEXTS.endConsultByTime,
    });
    expect(await intentState(api, bought.intent.intentId)).toBe('paid');
  });
});

describe('across a restart of the API', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'gg-consult-jobs-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'runs the 24-hour cancel and refund after the restart when it fell due while the API was down',
    { timeout: 180_000 },
    async () => {
      const clock: Clock = shiftedClock();
      const first = await startTestApi({ DATA_DIR: dataDir, JOBS_POLL_INTERVAL_MS: '500' }, { clock });
      const services = await doctorWithServices(first);
      const customer = await registeredCustomer(first, '秦岚');
      const bought = await buyAndPay(customer, services.onceId);
      clock.set(-DAY + 4_000);
      await submit(customer, bought.sessionId);
      clock.set(0);
      expect((await rowOf(first, bought.consultId)).status).toBe(3);
      // Down before its timer falls due (the database, PostgreSQL or the embedded files, stays).
      await first.app.close();
      await new Promise((resolve) => setTimeout(resolve, 5_000));

      const second = (await restartTestApi(first, dataDir)).app;
      try {
        const em = () => second.orm.em.fork();
        await waitFor(async () =>
          expect(
            (await em().findOneOrFail(Consult, { id: bought.consultId }, { disableIdentityMap: true })).status,
          ).toBe(4),
        );
        // The full refund was asked once. (The local provider's refund notify comes back over HTTP,
        // which a starting API may not take yet; reconciliation settles it then, as with WeChat Pay.)
        await waitFor(async () => {
          const refunds = await em().find(PaymentRefund, { intentId: bought.intent.intentId });
          expect(refunds.map((r) => [r.amountCents, r.requestKey])).toEqual([[4000, `consult-${bought.consultId}`]]);
        });
        expect(['refunding', 'refunded']).toContain(
          (await em().findOneOrFail(PaymentIntent, { id: bought.intent.intentId }, { disableIdentityMap: true })).state,
        );
      } finally {
        await second.close();
        if (first.databaseUrl) {
          await first.close().catch(() => {});
        }
      }
    },
  );
});
