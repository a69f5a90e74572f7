// Staff reading the delivery log is audited (docs/adr/0234-delivery-log-reads-audited.md): each page
// of 推送记录 writes one `open.delivery.list` event per distinct patient whose data it shows (the
// patient of a consent.revoked delivery from its payload), one without a patient when it shows
// none, and nothing when the read is refused; a replay's event names the delivery's patient.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhook } from '../src/contexts/open/webhooks/webhook.service';
import { WebhookDelivery } from '../src/contexts/open/webhooks/webhook.entity';
import { browseAudit } from '../src/contexts/platform';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { newIntegrator } from './open-data-fixtures';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let otherAdmin: Awaited<ReturnType<typeof signedInStaff>>;
let subscriptionId: string;
let clientId: string;
/** Patients A and B have readings in the log, C revoked the grant (a consent.revoked delivery). */
const patients = { a: '', b: '', c: '' };
/** The deliveries, oldest first. */
const ids: string[] = [];

const em = () => api.app.orm.em.fork();

async function delivery(
  customerId: string | null,
  eventType: string,
  data: Record<string, unknown>,
  minutesAgo: number,
) {
  const e = em();
  const id = randomUUID();
  const at = new Date(clock().getTime() - minutesAgo * 60_000);
  e.create(WebhookDelivery, {
    id,
    subscriptionId,
    customerId,
    eventId: `msg_${randomUUID().replaceAll('-', '')}`,
    eventType,
    body: JSON.stringify({ type: eventType, timestamp: at.toISOString(), data }),
    status: 'succeeded',
    chain: 1,
    nextAttemptAt: null,
    createdAt: at,
    updatedAt: at,
  });
  await e.flush();
  return id;
}

const readLog = (who: typeof admin, pageNo: number) =>
  who.client.GET('/console/v1/open/webhooks/{subscriptionId}/deliveries', {
    params: { path: { subscriptionId }, query: { pageNo, pageSize: 3 } },
  });

/** The staff member's events of `action`, oldest first, with their detail. */
async function events(who: typeof admin, action: string) {
  const rows = await em().find(
    AuditEvent,
    { actorId: who.staff.id, action },
    { orderBy: { id: 'asc' }, disableIdentityMap: true },
  );
  return rows.map((r) => ({ patientId: r.patientId ?? null, target: r.target ?? null, detail: r.detail ?? null }));
}

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  admin = await signedInStaff(api, 'admin', { now: clock() });
  otherAdmin = await signedInStaff(api, 'admin', { now: clock() });
  const integrator = await newIntegrator(api, clock);
  clientId = integrator.clientId;
  for (const key of ['a', 'b', 'c'] as const) {
    patients[key] = (await registeredCustomer(api)).cid;
    await integrator.grant(patients[key], ['readings.read']);
  }
  const subscription = await createWebhook(
    em(),
    { clientId: integrator.clientId, grantId: null },
    { url: 'http://127.0.0.1:9/hooks', events: ['reading.deleted', 'consent.revoked'] },
    { allowLoopbackHttp: true },
    clock(),
  );
  subscriptionId = subscription.subscriptionId;
  // reading.deleted carries the patient and the reading's id only: valid payloads without values.
  const reading = (cid: string, n: number) => ({ patientId: cid, id: `glucose-${n}`, kind: 'glucose' });
  // Newest first, pages of 3: [A, A, C] then [B, A].
  ids.push(await delivery(patients.a, 'reading.deleted', reading(patients.a, 1), 50));
  ids.push(await delivery(patients.b, 'reading.deleted', reading(patients.b, 2), 40));
  ids.push(await delivery(null, 'consent.revoked', { patientId: patients.c, grantId: randomUUID() }, 30));
  ids.push(await delivery(patients.a, 'reading.deleted', reading(patients.a, 3), 20));
  ids.push(await delivery(patients.a, 'reading.deleted', reading(patients.a, 4), 10));
});
afterAll(() => api?.close());

describe('reading the delivery log from the console', () => {
  it('records one event per distinct patient on the page, and each page its own', async () => {
    const target = `subscription:${subscriptionId}`;
    const first = await readLog(admin, 1);
    expect(first.items.map((d) => d.deliveryId)).toEqual([ids[4], ids[3], ids[2]]);
    expect(await events(admin, 'open.delivery.list')).toEqual([
      { patientId: patients.a, target, detail: { clientId, pageNo: 1, status: null, deliveries: 2 } },
      { patientId: patients.c, target, detail: { clientId, pageNo: 1, status: null, deliveries: 1 } },
    ]);

    const second = await readLog(admin, 2);
    expect(second.items.map((d) => d.deliveryId)).toEqual([ids[1], ids[0]]);
    const afterSecond = await events(admin, 'open.delivery.list');
    expect(afterSecond).toHaveLength(4);
    expect(afterSecond.slice(2)).toEqual([
      { patientId: patients.b, target, detail: { clientId, pageNo: 2, status: null, deliveries: 1 } },
      { patientId: patients.a, target, detail: { clientId, pageNo: 2, status: null, deliveries: 1 } },
    ]);

    // Another staff member's read is theirs: the first one's events stay as they were.
    await readLog(otherAdmin, 1);
    expect((await events(otherAdmin, 'open.delivery.list')).map((e) => e.patientId)).toEqual([patients.a, patients.c]);
    expect(await events(admin, 'open.delivery.list')).toHaveLength(4);
    // The audit browser finds the read under each patient.
    const underB = await browseAudit(em(), { patientId: patients.b, action: 'open.delivery.list' }, 10);
    expect(underB).toEqual([expect.objectContaining({ actorKind: 'staff', actorId: admin.staff.id, target })]);
  });

  it('records a page without deliveries as one event without a patient, and a refused read not at all', async () => {
    const before = (await events(admin, 'open.delivery.list')).length;
    expect((await readLog(admin, 9)).items).toEqual([]);
    const after = await events(admin, 'open.delivery.list');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      patientId: null,
      detail: { clientId, pageNo: 9, status: null, deliveries: 0 },
    });

    const missing = admin.client.GET('/console/v1/open/webhooks/{subscriptionId}/deliveries', {
      params: { path: { subscriptionId: randomUUID() } },
    });
    expect(await failure(missing)).toMatchObject({ status: 404, errMsg: '推送订阅不存在' });
    expect(await events(admin, 'open.delivery.list')).toHaveLength(before + 1);
  });

  it('records a replay with the patient whose data it sends again', async () => {
    const replayed = await admin.client.POST('/console/v1/open/deliveries/{deliveryId}/replay', {
      params: { path: { deliveryId: ids[1]! } },
    });
    expect(replayed).toMatchObject({ deliveryId: ids[1], status: 'pending', chain: 2 });
    expect(await events(admin, 'open.delivery.replay')).toEqual([
      { patientId: patients.b, target: `delivery:${ids[1]}`, detail: { chain: 2, subscriptionId } },
    ]);
  });
});
