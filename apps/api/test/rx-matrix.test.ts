// The authorisation matrix of prescriptions and advice: every rx call × every kind of caller — the
// patient, another patient, a visitor, no one; the consultation's doctor (who may prescribe), a doctor
// who may not, another doctor, the pharmacist, an operator and an admin — asserting exactly who may
// read and write what (ADR 0153: a patient sees their own only, a doctor only their consultations,
// a pharmacist prescriptions but never a chat).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MEMBER_TYPE, type StaffRole } from '@glucoguard/domain';
import type { ApiClient } from '@glucoguard/sdk';
import { createStaff } from '../src/contexts/identity';
import { customerImUserId, openChatSession, staffImUserId } from '../src/contexts/care';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { Medicine } from '../src/contexts/care/pharmacy/pharmacy.entity';
import { Consult } from '../src/contexts/care/consult/consult.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;
let serial = 0;

const ROLES = [
  'patient',
  'otherPatient',
  'visitor',
  'anonymous',
  'doctor',
  'doctorNoRx',
  'otherDoctor',
  'pharmacist',
  'operator',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

let clients: Record<Role, ApiClient>;
let ctx: { consultId: string; sessionId: string; rxId: string; adviceId: string; medicineId: number };

async function staff(role: StaffRole, doctorId?: number) {
  const username = `t.rxm.${role}.${process.pid}.${++serial}`;
  const made = await createStaff(
    api.app.em.fork(),
    { username, role, ...(doctorId !== undefined && { doctorId }) },
    null,
    clock(),
  );
  const signedIn = await api
    .client()
    .POST('/console/v1/signIn', { body: { username, password: made.oneTimePassword } });
  return { id: signedIn.staff.id, client: api.client({ token: signedIn.token }) };
}

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  const em = api.app.em.fork();
  const doctors = await em.find(Doctor, { roleType: 1 }, { orderBy: { id: 'asc' }, limit: 3 });
  const [rxDoctorId, noRxDoctorId, otherDoctorId] = doctors.map((d) => d.id) as [number, number, number];
  await em.nativeUpdate(Doctor, { id: rxDoctorId }, { eleRxStatus: 1 });
  await em.nativeUpdate(Doctor, { id: { $in: [noRxDoctorId, otherDoctorId] } }, { eleRxStatus: 0 });
  const medicineId = (await em.findOneOrFail(Medicine, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;

  const patient = await registeredCustomer(api, '张建国');
  const otherPatient = await registeredCustomer(api, '王秀兰');
  const visitor = await signInNewVisitor(api);
  const doctor = await staff('doctor', rxDoctorId);
  // Two other doctors: one linked to a directory doctor who may not prescribe, one to a third.
  const doctorNoRx = await staff('doctor', noRxDoctorId);
  const otherDoctor = await staff('doctor', otherDoctorId);
  const pharmacist = await staff('pharmacist');
  const operator = await staff('operator');
  const admin = await staff('admin');

  const sessionId = await openChatSession(api.app.orm.em.fork(), {
    sessionType: 1,
    status: 2,
    members: [
      { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
      { imUserId: staffImUserId(doctor.id), type: CHAT_MEMBER_TYPE.doctor },
    ],
  });
  const consultId = randomUUID();
  const fork = api.app.orm.em.fork();
  fork.create(Consult, {
    id: consultId,
    customerId: patient.cid,
    doctorId: rxDoctorId,
    serviceId: 1,
    serviceName: '图文咨询',
    serviceType: 1,
    priceCents: 2000,
    status: 2,
    sessionId,
    createdAt: clock(),
  });
  await fork.flush();
  clients = {
    patient: patient.client,
    otherPatient: otherPatient.client,
    visitor: visitor.client,
    anonymous: api.client(),
    doctor: doctor.client,
    doctorNoRx: doctorNoRx.client,
    otherDoctor: otherDoctor.client,
    pharmacist: pharmacist.client,
    operator: operator.client,
    admin: admin.client,
  };
  const line = { medicineId, number: 1, dosage: '1', usaged: '1', rate: '1', time: 7, timeUnit: 0 as const };
  const rx = await doctor.client.POST('/console/v1/rx/prescriptions', {
    body: { consultId, content: '高血压1级', rxCategory: '1', medicines: [line], requestKey: `m-${randomUUID()}` },
  });
  await pharmacist.client.POST('/console/v1/rx/prescriptions/{infoId}/review', {
    params: { path: { infoId: rx.infoId } },
    body: { approve: true },
  });
  const advice = await doctor.client.POST('/console/v1/rx/advice', {
    body: { consultId, content: '低盐饮食', medicines: [], requestKey: `m-${randomUUID()}` },
  });
  ctx = { consultId, sessionId, rxId: rx.infoId, adviceId: advice.infoId, medicineId };
});
afterAll(() => api.close());

/** An error code the call must answer, or `OK` for a success. */
type Outcome = number | 'OK';
type Probe = { call: (client: ApiClient) => Promise<unknown>; outcomes: Record<Role, Outcome> };

/** Patient calls: the owner only; another patient finds nothing; a visitor must register (40300). */
const patientOnly = (stranger: Outcome): Record<Role, Outcome> => ({
  patient: 'OK',
  otherPatient: stranger,
  visitor: 40300,
  anonymous: 40100,
  doctor: 40100,
  doctorNoRx: 40100,
  otherDoctor: 40100,
  pharmacist: 40100,
  operator: 40100,
  admin: 40100,
});
/** Console calls of the consultation's doctor: another doctor 403, other roles 403, customers 40100. */
const consultDoctor = (noRx: Outcome): Record<Role, Outcome> => ({
  patient: 40100,
  otherPatient: 40100,
  visitor: 40100,
  anonymous: 40100,
  doctor: 'OK',
  doctorNoRx: noRx,
  otherDoctor: 40300,
  pharmacist: 40300,
  operator: 40300,
  admin: 40300,
});
/** The pharmacist's calls: no doctor, operator or admin. */
const pharmacistOnly: Record<Role, Outcome> = {
  patient: 40100,
  otherPatient: 40100,
  visitor: 40100,
  anonymous: 40100,
  doctor: 40300,
  doctorNoRx: 40300,
  otherDoctor: 40300,
  pharmacist: 'OK',
  operator: 40300,
  admin: 40300,
};

const key = () => `m-${randomUUID()}`;
const matrix: Record<string, Probe> = {
  'GET rxPagedQueryList (sees only their own)': {
    call: async (cl) => {
      const page = await cl.GET('/rx/v1/pagedQueryList', { params: { query: { type: 1 } } });
      if (!page.items.some((i) => i.infoId === ctx.rxId)) {
        throw Object.assign(new Error('not listed'), { code: 40400 });
      }
    },
    outcomes: patientOnly(40400),
  },
  'GET rxQueryById': {
    call: (cl) => cl.GET('/rx/v1/queryById', { params: { query: { infoId: ctx.rxId } } }),
    outcomes: patientOnly(40400),
  },
  'GET rxQueryAdviceById': {
    call: (cl) => cl.GET('/rx/v1/queryAdviceById', { params: { query: { infoId: ctx.adviceId } } }),
    outcomes: patientOnly(40400),
  },
  'GET rxQueryDiagnosisPlan': {
    call: (cl) => cl.GET('/rx/v1/queryDiagnosisPlan', { params: { query: { id: ctx.rxId, type: 1 } } }),
    outcomes: patientOnly(40400),
  },
  'POST consoleCreatePrescription': {
    call: (cl) =>
      cl.POST('/console/v1/rx/prescriptions', {
        body: {
          consultId: ctx.consultId,
          content: '复诊续方',
          rxCategory: '1',
          medicines: [
            { medicineId: ctx.medicineId, number: 1, dosage: '1', usaged: '1', rate: '1', time: 7, timeUnit: 0 },
          ],
          requestKey: key(),
        },
      }),
    // A doctor who may not prescribe is told so only for a consultation of their own; here it is another's.
    outcomes: consultDoctor(40300),
  },
  'POST consoleCreateAdvice': {
    call: (cl) =>
      cl.POST('/console/v1/rx/advice', {
        body: { consultId: ctx.consultId, content: '多饮水', medicines: [], requestKey: key() },
      }),
    outcomes: consultDoctor(40300),
  },
  'GET consoleConsultRx': {
    call: (cl) => cl.GET('/console/v1/rx/consults/{consultId}', { params: { path: { consultId: ctx.consultId } } }),
    outcomes: consultDoctor(40300),
  },
  'GET consoleRxReviews': {
    call: (cl) => cl.GET('/console/v1/rx/reviews', { params: { query: {} } }),
    outcomes: pharmacistOnly,
  },
  'GET consoleRxPrescription': {
    call: (cl) => cl.GET('/console/v1/rx/prescriptions/{infoId}', { params: { path: { infoId: ctx.rxId } } }),
    outcomes: pharmacistOnly,
  },
  'GET consoleChatMessages (the consultation’s chat)': {
    call: (cl) => cl.GET('/console/v1/chat/messages', { params: { query: { sessionId: ctx.sessionId } } }),
    outcomes: { ...consultDoctor(40300), pharmacist: 40300 },
  },
};

describe('the prescriptions’ authorisation matrix', () => {
  for (const [name, probe] of Object.entries(matrix)) {
    it(name, async () => {
      const seen: Partial<Record<Role, Outcome>> = {};
      for (const role of ROLES) {
        try {
          await probe.call(clients[role]);
          seen[role] = 'OK';
        } catch (error) {
          seen[role] = (error as { code?: number }).code ?? -1;
        }
      }
      expect(seen).toEqual(probe.outcomes);
    });
  }
});

describe('a refusal reveals nothing', () => {
  it('answers another patient’s prescription as it answers one that does not exist', async () => {
    const theirs = await failure(
      clients.otherPatient.GET('/rx/v1/queryById', { params: { query: { infoId: ctx.rxId } } }),
    );
    const none = await failure(
      clients.otherPatient.GET('/rx/v1/queryById', { params: { query: { infoId: randomUUID() } } }),
    );
    expect({ code: theirs.code, errMsg: theirs.errMsg }).toEqual({ code: none.code, errMsg: none.errMsg });
  });
});
