// Staff, doctor-record and consultation fixtures shared by the console's integration tests: a staff identity made
// the way an admin makes one and signed in with its one-time password, and a consultation row of a
// patient with a doctor in a given status, as the consult module keeps it.
import { randomUUID } from 'node:crypto';
import { CHAT_MEMBER_TYPE, CONSULT_STATUS, type StaffRole } from '@glucoguard/domain';
import { createStaff } from '../src/contexts/identity';
import { customerImUserId, openChatSession } from '../src/contexts/care';
import { Consult } from '../src/contexts/care/consult/consult.entity';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import type { TestApi } from './harness';

const DAY = 86_400_000;

/** A new doctor record of the care directory (an endocrinologist of a test hospital), as an operator adds one. */
export async function doctorRecord(api: TestApi, who: { name: string; title: string }) {
  const em = api.app.orm.em.fork();
  const doctor = em.create(Doctor, {
    openid: `t_doctor_${randomUUID()}`,
    name: who.name,
    hospital: '测试中心医院',
    department: '内分泌科',
    title: who.title,
    inviteCode: randomUUID().replaceAll('-', '').slice(0, 6).toUpperCase(),
    roleType: 1,
    professionalLevel: '2',
    eleRxStatus: 0,
    remark: '',
    headImg: '',
    sex: 2,
    job: '',
  });
  await em.flush();
  return doctor;
}

/** A new staff identity in `role` (linked to the doctor record `doctorId`), signed in to the console. */
export async function signedInStaff(api: TestApi, role: StaffRole, options: { doctorId?: number; now?: Date } = {}) {
  const username = `st.${role}.${process.pid}.${randomUUID().slice(0, 8)}`;
  const { doctorId, now = new Date() } = options;
  const made = await createStaff(
    api.app.em.fork(),
    { username, role, ...(doctorId !== undefined && { doctorId }) },
    null,
    now,
  );
  const { token, staff } = await api
    .client()
    .POST('/console/v1/signIn', { body: { username, password: made.oneTimePassword } });
  return { staff, token, client: api.client({ token }), username, oneTimePassword: made.oneTimePassword };
}

/**
 * A paid consultation of the customer `customerId` with the doctor record `doctorId` in `status`,
 * submitted a day before `now`. Unless given, an accepted one (in consultation or finished) was
 * accepted half a day before `now`, and a finished one ended at `now`.
 */
export async function consultationFixture(
  api: TestApi,
  input: {
    customerId: string;
    doctorId: number;
    status: number;
    now: Date;
    acceptedAt?: Date | null;
    endedAt?: Date | null;
  },
) {
  const { customerId, doctorId, status, now } = input;
  const em = api.app.orm.em.fork();
  const sessionId = await openChatSession(em, {
    sessionType: 1,
    status: Math.max(status, 0),
    members: [{ imUserId: customerImUserId(customerId), type: CHAT_MEMBER_TYPE.patient }],
  });
  const accepted = status === CONSULT_STATUS.inConsultation || status === CONSULT_STATUS.finished;
  const dayBefore = new Date(now.getTime() - DAY);
  const row = em.create(Consult, {
    id: randomUUID(),
    customerId,
    doctorId,
    serviceId: 1,
    serviceName: '图文问诊',
    serviceType: 1,
    serviceInterval: null,
    priceCents: 2900,
    status,
    sessionId,
    intentId: null,
    createdAt: dayBefore,
    paidAt: dayBefore,
    submittedAt: dayBefore,
    acceptedAt: input.acceptedAt !== undefined ? input.acceptedAt : accepted ? new Date(now.getTime() - DAY / 2) : null,
    acceptedBy: null,
    endsAt: null,
    endedAt: input.endedAt !== undefined ? input.endedAt : status === CONSULT_STATUS.finished ? now : null,
    cancelledAt: status === CONSULT_STATUS.cancelled ? now : null,
    cancelReason: null,
    diagnosticInfo: { desc: '最近空腹血糖偏高', imgList: [] },
    allergicHistory: null,
    drugStoreId: null,
  });
  await em.flush();
  return row.id;
}
