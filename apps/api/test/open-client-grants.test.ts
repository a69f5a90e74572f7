// The console's organisation-wide view of a client's grants through real HTTP on a real database
// (docs/adr/0235-client-grants-in-the-console.md): 应用接入's 授权用户 counts only live grants, one
// grouped query for the page; 授权记录 lists one client's grants newest first, the patients masked,
// paged, audited once per patient on the page; admin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseAudit } from '../src/contexts/platform';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { newIntegrator, type Integrator } from './open-data-fixtures';
import { signedInStaff } from './staff-fixtures';

let api: TestApi;
const clock = testClock();
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let operator: Awaited<ReturnType<typeof signedInStaff>>;
let followUp: Integrator;
let other: Integrator;
let patients: Awaited<ReturnType<typeof registeredCustomer>>[];
const grantIds: string[] = [];

const grantsOf = (clientId: string, query: { pageNo?: number; pageSize?: number } = {}) =>
  admin.client.GET('/console/v1/open/clients/{clientId}/grants', { params: { path: { clientId }, query } });

/** The client's 授权用户 on the list (the fixtures' ids are too long for the keyword, so the whole list). */
const countOf = async (clientId: string) => {
  const page = await admin.client.GET('/console/v1/open/clients', { params: { query: { pageSize: 50 } } });
  const found = page.items.find((client) => client.clientId === clientId);
  expect(found).toBeDefined();
  return found!.grantCount;
};

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  admin = await signedInStaff(api, 'admin', { now: clock() });
  operator = await signedInStaff(api, 'operator', { now: clock() });
  followUp = await newIntegrator(api, clock);
  other = await newIntegrator(api, clock);
  patients = [
    await registeredCustomer(api, '张建国'),
    await registeredCustomer(api, '欧阳秀英'),
    await registeredCustomer(api, '李梅'),
  ];
  // Granted a minute apart, oldest first; the second patient later cancels theirs.
  for (const [index, patient] of patients.entries()) {
    grantIds.push(
      await followUp.grant(patient.cid, index === 0 ? ['readings.read', 'reports.read'] : ['readings.read']),
    );
    clock.advance(60_000);
  }
  await followUp.revoke(grantIds[1]!);
  await other.grant(patients[0]!.cid, ['profile.read']);
});
afterAll(async () => api?.close());

describe('授权用户 on the client list', () => {
  it('counts only live grants of each client', async () => {
    expect(await countOf(followUp.clientId)).toBe(2);
    expect(await countOf(other.clientId)).toBe(1);
    const fresh = await newIntegrator(api, clock);
    expect(await countOf(fresh.clientId)).toBe(0);
    clock.advance(60_000);
    await other.revoke(await other.grant(patients[1]!.cid, ['readings.read']));
    expect(await countOf(other.clientId)).toBe(1);
  });
});

describe('授权记录', () => {
  it('lists the client’s grants newest first, masked, with scopes and when cancelled', async () => {
    const page = await grantsOf(followUp.clientId);
    expect(page).toMatchObject({ currentPage: 1, totalPage: 1, total: 3 });
    expect(page.items.map((grant) => grant.grantId)).toEqual([grantIds[2], grantIds[1], grantIds[0]]);
    const [li, ouyang, zhang] = page.items;
    expect(zhang).toEqual({
      grantId: grantIds[0],
      patientName: '张*国',
      patientPhone: `${patients[0]!.phone.slice(0, 3)}****${patients[0]!.phone.slice(-4)}`,
      scopes: ['readings.read', 'reports.read'],
      grantedAt: '2026-11-20T02:00:00.000Z',
      revokedAt: null,
    });
    expect(ouyang).toMatchObject({ patientName: '欧**英', revokedAt: '2026-11-20T02:03:00.000Z' });
    expect(li).toMatchObject({ patientName: '李*', revokedAt: null });
    // No name or phone in the clear anywhere in the answer.
    const text = JSON.stringify(page);
    for (const patient of patients) {
      expect(text).not.toContain(patient.phone);
    }
    expect(text).not.toContain('张建国');
  });

  it('never lists another client’s grants', async () => {
    const page = await grantsOf(other.clientId);
    expect(page.items.map((grant) => grant.scopes)).toEqual([['readings.read'], ['profile.read']]);
    expect(page.items.map((grant) => grant.grantId)).not.toContain(grantIds[0]);
    expect((await grantsOf((await newIntegrator(api, clock)).clientId)).items).toEqual([]);
  });

  it('pages the list', async () => {
    const first = await grantsOf(followUp.clientId, { pageNo: 1, pageSize: 2 });
    expect(first).toMatchObject({ currentPage: 1, totalPage: 2, total: 3 });
    expect(first.items.map((grant) => grant.grantId)).toEqual([grantIds[2], grantIds[1]]);
    const second = await grantsOf(followUp.clientId, { pageNo: 2, pageSize: 2 });
    expect(second).toMatchObject({ currentPage: 2, totalPage: 2, total: 3 });
    expect(second.items.map((grant) => grant.grantId)).toEqual([grantIds[0]]);
  });

  it('records each page read once per patient on it, and an empty page without a patient', async () => {
    const reader = await signedInStaff(api, 'admin', { now: clock() });
    const read = (clientId: string, query: { pageNo?: number; pageSize?: number }) =>
      reader.client.GET('/console/v1/open/clients/{clientId}/grants', { params: { path: { clientId }, query } });
    const events = async () =>
      (await browseAudit(api.app.em.fork(), { actorId: reader.staff.id, action: 'open.grant.list' }, 50)).map(
        (event) => ({ patientId: event.patientId, target: event.target }),
      );

    await read(followUp.clientId, { pageNo: 1, pageSize: 2 });
    const target = `client:${followUp.clientId}`;
    expect(await events()).toEqual(
      expect.arrayContaining([
        { patientId: patients[2]!.cid, target },
        { patientId: patients[1]!.cid, target },
      ]),
    );
    expect(await events()).toHaveLength(2);

    await read(followUp.clientId, { pageNo: 2, pageSize: 2 });
    expect((await events())[0]).toEqual({ patientId: patients[0]!.cid, target });
    expect(await events()).toHaveLength(3);

    const empty = await newIntegrator(api, clock);
    await read(empty.clientId, {});
    expect((await events())[0]).toEqual({ patientId: null, target: `client:${empty.clientId}` });
  });

  it('refuses staff who are not admins, patients, and a client that does not exist', async () => {
    expect(
      await failure(
        operator.client.GET('/console/v1/open/clients/{clientId}/grants', {
          params: { path: { clientId: followUp.clientId }, query: {} },
        }),
      ),
    ).toMatchObject({ code: 40300, errMsg: '无权限' });
    expect(
      await failure(
        api.client().GET('/console/v1/open/clients/{clientId}/grants', {
          params: { path: { clientId: followUp.clientId }, query: {} },
        }),
      ),
    ).toMatchObject({ code: 40100 });
    expect(
      await failure(
        patients[0]!.client.GET('/console/v1/open/clients/{clientId}/grants', {
          params: { path: { clientId: followUp.clientId }, query: {} },
        }),
      ),
    ).toMatchObject({ code: 40100 });
    expect(await failure(grantsOf('gg_client_missing'))).toMatchObject({ code: 40400, errMsg: '应用不存在' });
    expect(await failure(grantsOf('not-a-client'))).toMatchObject({ code: 40000, errMsg: '应用不存在' });
    expect(await failure(grantsOf(followUp.clientId, { pageSize: 51 }))).toMatchObject({ code: 40000 });
  });
});
