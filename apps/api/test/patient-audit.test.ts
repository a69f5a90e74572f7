// Patients' own actions on sensitive data in the audit trail (docs/adr/0132-patients-sensitive-actions-audited.md):
// written after the operation succeeds, with who, what, whose data, from where and the request id;
// a refused call writes nothing; an admin finds them in the console's audit browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/contexts/identity';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { PATIENT_AUDIT } from '../src/contexts/platform';
import { acceptedFollow, addSugar } from './follow-fixtures';
import { failure, registeredCustomer, startTestApi, type TestApi } from './harness';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The trail's events about `patientId` (or by `actorId`), oldest first. */
async function eventsOf(filter: { patientId?: string; actorId?: string }) {
  const events = await api.app.em.fork().find(AuditEvent, filter, { orderBy: { id: 'asc' } });
  return events.map((e) => ({
    actorKind: e.actorKind,
    actorId: e.actorId,
    action: e.action,
    patientId: e.patientId ?? null,
    target: e.target ?? null,
  }));
}

describe('the audited patient operations', () => {
  it('are operations of openapi.yaml that need a session', () => {
    for (const operationId of Object.keys(PATIENT_AUDIT)) {
      const operation = api.app.openapi.operations.get(operationId);
      expect(operation, operationId).toBeDefined();
      expect(operation?.requiresAuth, operationId).toBe(true);
    }
  });
});

describe("a patient's own sensitive actions", () => {
  it('records a health-record save, a reading deleted and a share link made and revoked, with the IP and request id', async () => {
    const patient = await registeredCustomer(api, '审计患者');
    const testId = await addSugar(patient.client, 6.2, '2026-11-20 08:00:00');
    await patient.client.POST('/customer/v1/saveHealthInfo', { body: { patientName: '审计患者' } as never });
    await patient.client.POST('/sugarTest/v1/delete', { body: { testId } });
    const share = await patient.client.POST('/share/v1/create', {
      body: { kind: 'sugar', createStartTime: '2026-11-19', createEndTime: '2026-11-20 23:59:59', title: '近期血糖' },
    });
    const withRequestId = api.client({
      token: patient.signIn.token,
      fetch: (request) => {
        request.headers.set('x-request-id', 'revoke-1');
        return fetch(request);
      },
    });
    await withRequestId.POST('/share/v1/revoke', { body: { shareId: share.shareId } });

    const own = { actorKind: 'customer', actorId: patient.cid, patientId: patient.cid };
    expect(await eventsOf({ patientId: patient.cid })).toEqual([
      { ...own, action: 'healthRecord.save', target: null },
      { ...own, action: 'reading.delete', target: `sugar:${testId}` },
      { ...own, action: 'share.create', target: `share:${share.shareId}` },
      { ...own, action: 'share.revoke', target: `share:${share.shareId}` },
    ]);
    const revoked = await api.app.em.fork().findOneOrFail(AuditEvent, { requestId: 'revoke-1' });
    expect(revoked).toMatchObject({ action: 'share.revoke', ip: '127.0.0.1', detail: null });
    // Adding a reading is the data itself (it keeps who entered it): not an audit event.
    expect((await eventsOf({ actorId: patient.cid })).map((e) => e.action)).not.toContain('reading.add');
  });

  it('records nothing for a refused call: another patient’s reading, bad input, no session', async () => {
    const owner = await registeredCustomer(api);
    const stranger = await registeredCustomer(api);
    const testId = await addSugar(owner.client, 5.5, '2026-11-20 09:00:00');
    await failure(stranger.client.POST('/sugarTest/v1/delete', { body: { testId } }));
    await failure(stranger.client.POST('/share/v1/revoke', { body: { shareId: 'nope' } as never }));
    await failure(api.client().POST('/sugarTest/v1/delete', { body: { testId } }));
    expect(await eventsOf({ actorId: stranger.cid })).toEqual([]);
    expect(await eventsOf({ patientId: owner.cid })).toEqual([]);
  });

  it("records a relative's access granted and revoked by the patient, and a reading the patient edits", async () => {
    const patient = await registeredCustomer(api, '张建国');
    const relative = await registeredCustomer(api, '张丽');
    const followId = await acceptedFollow(relative, patient);
    const testId = await addSugar(patient.client, 7.1, '2026-11-20 10:00:00');
    await patient.client.POST('/sugarTest/v1/edit', {
      body: { testId, sugar: 7.3, createTime: '2026-11-20 10:00:00' },
    });
    await patient.client.POST('/follower/v1/revokeFocus', { body: { id: followId } });

    const own = { actorKind: 'customer', actorId: patient.cid, patientId: patient.cid };
    expect(await eventsOf({ patientId: patient.cid })).toEqual([
      { ...own, action: 'relative.grant', target: `follow:${followId}` },
      { ...own, action: 'reading.edit', target: `sugar:${testId}` },
      { ...own, action: 'relative.revoke', target: `follow:${followId}` },
    ]);
    // Asking to follow is not yet access: the relative's request wrote nothing.
    expect(await eventsOf({ actorId: relative.cid })).toEqual([]);
  });

  it('shows in the console audit browser, filtered by patient', async () => {
    const patient = await registeredCustomer(api, '控制台查看');
    await patient.client.POST('/customer/v1/saveHealthInfo', { body: { patientName: '控制台查看' } as never });
    const username = `t.audit.${process.pid}`;
    const made = await createStaff(api.app.em.fork(), { username, role: 'admin' }, null, new Date());
    const { token } = await api
      .client()
      .POST('/console/v1/signIn', { body: { username, password: made.oneTimePassword } });
    const page = await api
      .client({ token })
      .GET('/console/v1/audit', { params: { query: { patientId: patient.cid } } });
    expect(page.map((e) => [e.actorKind, e.actorId, e.action])).toEqual([
      ['customer', patient.cid, 'healthRecord.save'],
    ]);
  });
});
