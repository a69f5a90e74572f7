// The authorisation matrix of consultations: every consultation call × every kind of caller — the
// patient, another patient, a visitor, no one; the consultation's doctor, another doctor, the
// pharmacist, an operator and an admin — asserting exactly who may read and change what
// (docs/consultation.md: a patient sees only their own, a doctor only the consultations of the
// doctor their account is linked to, a pharmacist none and no chat).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCTOR_SERVICE_TYPE, type StaffRole } from '@glucoguard/domain';
import type { ApiClient } from '@glucoguard/sdk';
import { createStaff } from '../src/contexts/identity';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { DoctorService } from '../src/contexts/care/doctor/doctorService.entity';
import { Consult } from '../src/contexts/care/consult/consult.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

let api: TestApi;
let serial = 0;

const ROLES = [
  'patient',
  'otherPatient',
  'visitor',
  'anonymous',
  'doctor',
  'otherDoctor',
  'pharmacist',
  'operator',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

let clients: Record<Role, ApiClient>;
/** `running`: accepted (2); `waiting`: submitted (3); both the patient's with `doctorId`. */
let ctx: {
  doctorId: number;
  serviceId: number;
  running: { consultId: string; sessionId: string };
  waiting: { consultId: string; sessionId: string };
};

async function doctorRecord(name: string) {
  const em = api.app.orm.em.fork();
  const row = em.create(Doctor, {
    openid: `t_cm_${randomUUID()}`,
    name,
    inviteCode: randomUUID().replaceAll('-', '').slice(0, 6).toUpperCase(),
    roleType: 1,
  });
  await em.flush();
  return row.id;
}

async function service(doctorId: number, serviceType: number, days: number) {
  const em = api.app.orm.em.fork();
  const row = em.create(DoctorService, {
    doctorId,
    serviceType,
    serviceName: days ? `${days}天图文咨询` : '图文咨询',
    serviceInterval: days,
    servicePrice: 2500,
  });
  await em.flush();
  return row.id;
}

async function staff(role: StaffRole, doctorId?: number) {
  const username = `t.cm.${role}.${process.pid}.${++serial}`;
  const made = await createStaff(
    api.app.em.fork(),
    { username, role, ...(doctorId !== undefined && { doctorId }) },
    null,
    new Date(),
  );
  const signedIn = await api
    .client()
    .POST('/console/v1/signIn', { body: { username, password: made.oneTimePassword } });
  return api.client({ token: signedIn.token });
}

const photo = 'uploads/273/2026/11/26/00112233445566778899aabbccddeeff.jpg';

beforeAll(async () => {
  api = await startTestApi({});
  const doctorId = await doctorRecord('矩阵医生甲');
  const otherDoctorId = await doctorRecord('矩阵医生乙');
  const onceId = await service(doctorId, DOCTOR_SERVICE_TYPE.once, 0);
  const weekId = await service(doctorId, DOCTOR_SERVICE_TYPE.interval, 7);
  const patient = await registeredCustomer(api, '张建国');
  const otherPatient = await registeredCustomer(api, '王秀兰');
  const visitor = await signInNewVisitor(api);
  clients = {
    patient: patient.client,
    otherPatient: otherPatient.client,
    visitor: visitor.client,
    anonymous: api.client(),
    doctor: await staff('doctor', doctorId),
    otherDoctor: await staff('doctor', otherDoctorId),
    pharmacist: await staff('pharmacist'),
    operator: await staff('operator'),
    admin: await staff('admin'),
  };
  const bought = async (serviceId: number) => {
    const made = await patient.client.POST('/consult/v1/pay', { body: { serviceId } });
    await patient.client.POST('/payment/v1/localPay', { body: { intentId: made.intent.intentId, action: 'pay' } });
    await patient.client.POST('/consult/v1/saveDiagnosticInfo', {
      body: { sessionId: made.sessionId, diagnosticInfo: { desc: '血压偏高，头晕。', imgList: [photo] } },
    });
    return { consultId: made.consultId, sessionId: made.sessionId };
  };
  const running = await bought(onceId);
  await clients.doctor.POST('/console/v1/consults/{consultId}/accept', {
    params: { path: { consultId: running.consultId } },
  });
  // The patient may hold one open consultation per doctor: the waiting one is with the same doctor,
  // bought once the first had ended, then the first is reopened in the database as running.
  await clients.doctor.POST('/console/v1/consults/{consultId}/end', {
    params: { path: { consultId: running.consultId } },
  });
  const waiting = await bought(weekId);
  await api.app.orm.em.fork().nativeUpdate(Consult, { id: running.consultId }, { status: 2, endedAt: null });
  ctx = { doctorId, serviceId: onceId, running, waiting };
});
afterAll(() => api.close());

/** An error code the call must answer, or `OK` for a success. */
type Outcome = number | 'OK';
type Probe = { call: (client: ApiClient) => Promise<unknown>; outcomes: Record<Role, Outcome> };

const customers = (patient: Outcome, otherPatient: Outcome, visitor: Outcome): Record<Role, Outcome> => ({
  patient,
  otherPatient,
  visitor,
  anonymous: 40100,
  doctor: 40100,
  otherDoctor: 40100,
  pharmacist: 40100,
  operator: 40100,
  admin: 40100,
});
const theDoctor = (doctor: Outcome, otherDoctor: Outcome = 40300): Record<Role, Outcome> => ({
  patient: 40100,
  otherPatient: 40100,
  visitor: 40100,
  anonymous: 40100,
  doctor,
  otherDoctor,
  pharmacist: 40300,
  operator: 40300,
  admin: 40300,
});

/** Throws 40400 when a list or lookup answers without the patient's consultation. */
const notFoundUnless = (found: boolean) => {
  if (!found) {
    throw Object.assign(new Error('not there'), { code: 40400 });
  }
};

const matrix: Record<string, Probe> = {
  'GET querySessionBySessionId': {
    call: (cl) =>
      cl.GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId: ctx.running.sessionId } } }),
    outcomes: customers('OK', 40300, 40300),
  },
  'GET isUnUsedConsultOrder': {
    call: (cl) =>
      cl.GET('/consult/v1/isUnUsedConsultOrder', { params: { query: { sessionId: ctx.running.sessionId } } }),
    outcomes: customers('OK', 40300, 40300),
  },
  'GET pagedQueryList (lists only their own)': {
    call: async (cl) => {
      const page = await cl.GET('/consult/v1/pagedQueryList', { params: { query: {} } });
      notFoundUnless(page.items.some((i) => i.consultId === ctx.running.consultId));
    },
    outcomes: customers('OK', 40400, 40400),
  },
  'GET querySessionByUserIdAndCustomerId (their own latest only)': {
    call: async (cl) => {
      const latest = await cl.GET('/consult/v1/querySessionByUserIdAndCustomerId', {
        params: { query: { doctorId: ctx.doctorId } },
      });
      notFoundUnless(latest?.consultId === ctx.waiting.consultId);
    },
    outcomes: customers('OK', 40400, 40400),
  },
  'GET pagedQueryMessageList (the chat)': {
    call: (cl) =>
      cl.GET('/consult/v1/pagedQueryMessageList', { params: { query: { sessionId: ctx.running.sessionId } } }),
    outcomes: customers('OK', 40300, 40300),
  },
  'POST pay (50006 for the patient: one open consultation per doctor)': {
    call: (cl) => cl.POST('/consult/v1/pay', { body: { serviceId: ctx.serviceId } }),
    outcomes: customers(50006, 'OK', 40300),
  },
  'POST saveDiagnosticInfo (50007 for the patient: already submitted)': {
    call: (cl) =>
      cl.POST('/consult/v1/saveDiagnosticInfo', {
        body: { sessionId: ctx.running.sessionId, diagnosticInfo: { desc: '再次提交', imgList: [] } },
      }),
    outcomes: customers(50007, 40300, 40300),
  },
  'POST cancel (50008 for the patient: the doctor accepted)': {
    call: (cl) => cl.POST('/consult/v1/cancel', { body: { sessionId: ctx.running.sessionId } }),
    outcomes: customers(50008, 40300, 40300),
  },
  'POST close (40900 for the patient: still waiting)': {
    call: (cl) => cl.POST('/consult/v1/close', { body: { sessionId: ctx.waiting.sessionId } }),
    outcomes: customers(40900, 40300, 40300),
  },
  'GET consoleConsults (lists only the doctor’s own)': {
    call: async (cl) => {
      const queue = await cl.GET('/console/v1/consults', { params: { query: { state: 'active' } } });
      notFoundUnless(queue.items.some((i) => i.consultId === ctx.running.consultId));
    },
    outcomes: theDoctor('OK', 40400),
  },
  'GET consoleConsult': {
    call: (cl) =>
      cl.GET('/console/v1/consults/{consultId}', { params: { path: { consultId: ctx.running.consultId } } }),
    outcomes: theDoctor('OK'),
  },
  'POST consoleAcceptConsult (accepted already: unchanged)': {
    call: (cl) =>
      cl.POST('/console/v1/consults/{consultId}/accept', { params: { path: { consultId: ctx.running.consultId } } }),
    outcomes: theDoctor('OK'),
  },
  'POST consoleRejectConsult (40900 for the doctor: running)': {
    call: (cl) =>
      cl.POST('/console/v1/consults/{consultId}/reject', {
        params: { path: { consultId: ctx.running.consultId } },
        body: { reason: '测试' },
      }),
    outcomes: theDoctor(40900),
  },
  'POST consoleEndConsult (40900 for the doctor: waiting)': {
    call: (cl) =>
      cl.POST('/console/v1/consults/{consultId}/end', { params: { path: { consultId: ctx.waiting.consultId } } }),
    outcomes: theDoctor(40900),
  },
  'GET consoleChatMessages (members only: never the pharmacist)': {
    call: (cl) => cl.GET('/console/v1/chat/messages', { params: { query: { sessionId: ctx.running.sessionId } } }),
    outcomes: { ...theDoctor('OK'), pharmacist: 40300 },
  },
};

const outcomeOf = async (probe: Probe, role: Role): Promise<Outcome> => {
  try {
    await probe.call(clients[role]);
    return 'OK';
  } catch (error) {
    return (error as { code: number }).code;
  }
};

describe('who may read and change a consultation', () => {
  it.each(Object.keys(matrix))('%s answers each caller as the matrix says', async (name) => {
    const probe = matrix[name]!;
    const answered: Partial<Record<Role, Outcome>> = {};
    for (const role of ROLES) {
      answered[role] = await outcomeOf(probe, role);
    }
    expect(answered).toEqual(probe.outcomes);
  });

  it('refuses an unknown consultation alike to its doctor (404) and a patient (404)', async () => {
    const unknown = randomUUID();
    expect(
      await failure(
        clients.doctor.GET('/console/v1/consults/{consultId}', { params: { path: { consultId: unknown } } }),
      ),
    ).toMatchObject({ code: 40400 });
    expect(
      await failure(
        clients.patient.GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId: unknown } } }),
      ),
    ).toMatchObject({ code: 40400 });
  });
});
