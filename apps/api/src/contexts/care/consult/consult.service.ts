// Online consultations (spec 3 §2.1–2.2, §4; docs/consultation.md): a patient buys a doctor's
// service, pays it through commerce, describes the illness, and the doctor accepts (or declines)
// and ends it. Every status change is the domain's `consultTransition`, applied by one conditional
// UPDATE, with its chat message and its jobs in the same transaction.
import { randomUUID } from 'node:crypto';
import type { Schema } from '@glucoguard/sdk';
import {
  CHAT_MEMBER_TYPE,
  CONSULT_CANCEL_REASONS,
  CONSULT_CHAT_TEXTS,
  CONSULT_CODES,
  CONSULT_REFUSALS,
  CONSULT_STATUS,
  CONSULT_STATUS_LABELS,
  CONSULT_SUBMIT_MESSAGES,
  CONSULT_UNPAID,
  consultEndsAt,
  consultExpiresAt,
  consultTransition,
  DOCTOR_SERVICE_STATUS,
  DOCTOR_SERVICE_TYPE,
  PAYMENT_TIME_LIMIT_MS,
  validateConsultSubmission,
  type ChatCustomKind,
  type ConsultEvent,
  type ConsultStatus,
} from '@glucoguard/domain';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { inTransaction, type Db } from '../../../lib/db';
import type { SessionContext } from '../../../lib/session-context';
import { registeredCustomerId } from '../../../lib/session-context';
import type { StaffContext } from '../../../lib/staff-context';
import type { PaymentProvider } from '../../../providers/payment/payment';
import {
  CareDirectoryRepository,
  DictionaryRepository,
  recordAudit,
  scheduleJob,
  type AuditActor,
} from '../../platform';
import { staffOfDoctor } from '../../identity';
import { createPaymentIntent, requestRefund, type IntentView, type PaidIntent } from '../../commerce';
import type { ChatFanOut } from '../chat/chat.service';
import { chatDigests, joinChatSession, openChatSession, postCustomChatMessage } from '../chat/chat.service';
import { customerImUserId, staffImUserId } from '../chat/chat.sig';
import { consultDoctorVos } from '../doctor/doctorService.service';
import { ConsultRepository, type ConsultChanges, type ConsultRow, type QueueState } from './consult.repository';

/** The durable job that cancels and refunds a consultation the doctor has not answered in 24 h (key: the consult id). */
export const CONSULT_EXPIRE_JOB = 'care.consult.expire';
/** The durable job that ends a running interval service at its end time (key: the consult id). */
export const CONSULT_END_JOB = 'care.consult.end';
/** The durable job that asks commerce for a cancelled consultation's full refund (key: the consult id). */
export const CONSULT_REFUND_JOB = 'care.consult.refund';

/** What the consultation calls need beside the database: the payment provider and the chat's fan-out. */
export interface ConsultPorts {
  payment: PaymentProvider;
  fanOut: ChatFanOut;
}

/** Messages of lookups (the transitions' refusals are the domain's CONSULT_REFUSALS). */
export const CONSULT_LOOKUP_MESSAGES = {
  missing: '咨询不存在',
  notYours: '无权查看该咨询',
  serviceMissing: '该服务不存在或已下架',
  doctorMissing: '医生不存在',
  notLinked: '您的账号尚未关联医生，无法处理咨询',
} as const;

/** A consultation's and its session's ids are UUIDs; another value names none (an intent's subject id, a typo). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refusal of the state machine as the envelope answers it (50007 and 50008 are the spec's codes). */
function refusal(code: number, message: string): AppError {
  return new AppError(code, message, code === CONSULT_CODES.conflict ? 409 : 400);
}

// ---------------------------------------------------------------------------------------------
// Membership: the one check every caller of a consultation goes through (RX and the console too).

/**
 * A consultation of the customer's, by its chat session id or its own id: 404 when there is none,
 * 403 when it is another customer's.
 */
export async function consultOfCustomer(db: Db, sessionOrConsultId: string, customerId: string): Promise<ConsultRow> {
  const repo = new ConsultRepository(db);
  const known = UUID.test(sessionOrConsultId);
  const row = known ? ((await repo.bySessionId(sessionOrConsultId)) ?? (await repo.byId(sessionOrConsultId))) : null;
  if (!row) {
    throw notFound(CONSULT_LOOKUP_MESSAGES.missing);
  }
  if (row.customerId !== customerId) {
    throw forbidden(CONSULT_LOOKUP_MESSAGES.notYours);
  }
  return row;
}

/**
 * A paid consultation of the doctor the staff member is linked to: 403 when the account is linked
 * to no doctor or to another one, 404 when there is no such (paid) consultation.
 */
export async function consultOfDoctor(db: Db, consultId: string, staff: StaffContext): Promise<ConsultRow> {
  if (staff.doctorId === null) {
    throw forbidden(CONSULT_LOOKUP_MESSAGES.notLinked);
  }
  const row = UUID.test(consultId) ? await new ConsultRepository(db).byId(consultId) : null;
  if (!row || row.status === CONSULT_UNPAID) {
    throw notFound(CONSULT_LOOKUP_MESSAGES.missing);
  }
  if (row.doctorId !== staff.doctorId) {
    throw forbidden(CONSULT_LOOKUP_MESSAGES.notYours);
  }
  return row;
}

/** The name a doctor sees for a patient: the nickname of the account ('' when it is gone). */
export async function consultPatientName(db: Db, customerId: string): Promise<string> {
  return (await new ConsultRepository(db).customers([customerId])).get(customerId)?.nickname ?? '';
}

// ---------------------------------------------------------------------------------------------
// Views.

type ConsultDoctor = Schema<'ConsultDoctor'>;
type ConsultSessionVo = Schema<'ConsultSession'>;

const UNKNOWN_DOCTOR = (doctorId: number): ConsultDoctor => ({
  doctorId,
  nickName: '',
  headImg: '',
  sex: 0,
  professionalLevel: '',
  professionalLevelName: '',
  organizationName: '',
  departmentName: '',
});

/** The doctors of some consultations as the patient's pages show them, by doctor id. */
async function doctorsOf(db: Db, doctorIds: readonly number[]): Promise<Map<number, ConsultDoctor>> {
  const ids = [...new Set(doctorIds)];
  if (ids.length === 0) {
    return new Map();
  }
  const doctors = await new CareDirectoryRepository(db).doctorsByIds(ids);
  const vos = await consultDoctorVos(db, doctors);
  return new Map(
    vos.map((vo) => [
      vo.doctorId,
      {
        doctorId: vo.doctorId,
        nickName: vo.nickName,
        headImg: vo.headImg,
        sex: vo.sex,
        professionalLevel: vo.professionalLevel ?? '',
        professionalLevelName: vo.professionalLevelName,
        organizationName: vo.organizationName,
        departmentName: vo.departmentName,
      },
    ]),
  );
}

const ms = (date: Date | null | undefined) => (date ? date.getTime() : null);
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

const statusLabel = (status: number) =>
  status === CONSULT_UNPAID ? '待支付' : (CONSULT_STATUS_LABELS[status as ConsultStatus] ?? '');

/** When it ended, or, for a running interval service, when it will end. */
const endTimeOf = (row: ConsultRow) => row.endedAt ?? row.cancelledAt ?? row.endsAt ?? null;

function drugStoreVo(store: { id: number; name: string; address: string; storeImage: string } | undefined | null) {
  return store
    ? { addressId: store.id, store: store.name, address: store.address, storeImage: store.storeImage }
    : null;
}

function baseVo(row: ConsultRow, doctor: ConsultDoctor | undefined) {
  return {
    sessionId: row.sessionId,
    consultId: row.id,
    sessionType: row.serviceType === DOCTOR_SERVICE_TYPE.interval ? 2 : 1,
    status: row.status,
    statusLabel: statusLabel(row.status),
    doctor: doctor ?? UNKNOWN_DOCTOR(row.doctorId),
    serviceName: row.serviceName,
    priceCents: row.priceCents,
    orderCreateTime: (row.paidAt ?? row.createdAt).getTime(),
    acceptTime: ms(row.acceptedAt),
    endTime: ms(endTimeOf(row)),
    serviceInterval: row.serviceInterval ?? null,
    cancelReason: row.cancelReason ?? null,
  };
}

/** One consultation as the patient reads it (querySessionBySessionId and the answers of the changes). */
async function sessionVo(db: Db, row: ConsultRow): Promise<ConsultSessionVo> {
  const repo = new ConsultRepository(db);
  const [doctors, store] = await Promise.all([
    doctorsOf(db, [row.doctorId]),
    row.drugStoreId ? repo.pharmacy(row.drugStoreId) : Promise.resolve(null),
  ]);
  return {
    ...baseVo(row, doctors.get(row.doctorId)),
    diagnosticInfo: row.diagnosticInfo ?? null,
    allergicHistory: row.allergicHistory ?? null,
    drugStore: drugStoreVo(store),
  };
}

/** Whole years from a `YYYY-MM-DD` birthday to `now` (China dates are close enough for an age). */
function ageOf(birthday: string | null | undefined, now: Date): number | null {
  const match = birthday ? /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday) : null;
  if (!match) {
    return null;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const before = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  const age = now.getUTCFullYear() - year - (before ? 1 : 0);
  return age >= 0 && age < 150 ? age : null;
}

/** Consultations as their doctor reads them in the console. */
async function consoleVos(db: Db, rows: readonly ConsultRow[], now: Date): Promise<Schema<'ConsoleConsult'>[]> {
  const repo = new ConsultRepository(db);
  const [customers, stores] = await Promise.all([
    repo.customers(rows.map((row) => row.customerId)),
    repo.pharmacies(rows.flatMap((row) => (row.drugStoreId ? [row.drugStoreId] : []))),
  ]);
  return rows.map((row) => {
    const customer = customers.get(row.customerId);
    return {
      consultId: row.id,
      sessionId: row.sessionId,
      status: row.status,
      statusLabel: statusLabel(row.status),
      patient: {
        customerId: row.customerId,
        name: customer?.nickname ?? '',
        sex: customer?.sex === 1 ? 1 : customer?.sex === 2 ? 2 : 0,
        age: ageOf(customer?.birthday, now),
      },
      serviceName: row.serviceName,
      sessionType: row.serviceType === DOCTOR_SERVICE_TYPE.interval ? 2 : 1,
      serviceInterval: row.serviceInterval ?? null,
      priceCents: row.priceCents,
      orderCreateTime: (row.paidAt ?? row.createdAt).toISOString(),
      submitTime: iso(row.submittedAt),
      acceptTime: iso(row.acceptedAt),
      endTime: iso(endTimeOf(row)),
      diagnosticInfo: row.diagnosticInfo ?? null,
      allergicHistory: row.allergicHistory ?? null,
      drugStore: drugStoreVo(row.drugStoreId ? stores.get(row.drugStoreId) : null),
      cancelReason: row.cancelReason ?? null,
    };
  });
}

async function consoleVo(db: Db, row: ConsultRow, now: Date) {
  const [vo] = await consoleVos(db, [row], now);
  return vo!;
}

// ---------------------------------------------------------------------------------------------
// Transitions.

/**
 * Applies an event to a consultation inside `tx`: the domain decides, one conditional UPDATE moves
 * it (decided again on the new status when another request moved it first). Answers the row as it
 * stands after, and whether this call moved it. A refusal throws its code (50007, 50008, 40900).
 */
async function applyEvent(
  tx: Db,
  row: ConsultRow,
  event: ConsultEvent,
  changes: ConsultChanges = {},
): Promise<{ row: ConsultRow; moved: boolean }> {
  const repo = new ConsultRepository(tx);
  let current: ConsultRow | null = row;
  for (let attempt = 0; attempt < 3 && current; attempt += 1) {
    const outcome = consultTransition(current.status, event);
    if (outcome.kind === 'refused') {
      throw refusal(outcome.code, outcome.message);
    }
    if (outcome.kind === 'noop') {
      return { row: current, moved: false };
    }
    if (await repo.move(current.id, current.status, outcome.to, changes)) {
      return { row: (await repo.byId(current.id))!, moved: true };
    }
    current = await repo.byId(current.id);
  }
  throw new Error(`consult ${row.id}: its status kept changing under the event ${event}`);
}

/** Posts one of the consultation's custom messages (once per key) and mirrors its status into the chat. */
async function post(
  tx: Db,
  fanOut: ChatFanOut,
  row: ConsultRow,
  input: { from: string; step: string; data: ChatCustomKind; description: string; extension?: string },
  now: Date,
) {
  await postCustomChatMessage(tx, fanOut, {
    sessionId: row.sessionId,
    from: input.from,
    key: `consult_${row.id}_${input.step}`,
    data: input.data,
    description: input.description,
    extension: input.extension ?? JSON.stringify({ consultId: row.id, status: row.status }),
    status: row.status,
    now,
  });
}

const patientOf = (row: ConsultRow) => customerImUserId(row.customerId);

/** Schedules the full refund of a cancelled consultation (the job asks commerce; a rerun asks once). */
async function scheduleRefund(tx: Db, row: ConsultRow, now: Date) {
  await scheduleJob(tx, CONSULT_REFUND_JOB, row.id, now, { consultId: row.id });
}

// ---------------------------------------------------------------------------------------------
// The patient's calls.

/**
 * pay: a consultation of the service for the caller, unpaid, with its payment intent. A paid open
 * consultation with the same doctor answers 50006 with it as data. Buying the same service again
 * before paying answers the same consultation and intent (a second tap, a return from the sheet).
 */
export async function consultPay(
  db: Db,
  ports: ConsultPorts,
  session: SessionContext,
  serviceId: number,
  now: Date,
): Promise<{ sessionId: string; consultId: string; intent: IntentView }> {
  const customerId = registeredCustomerId(session);
  const repo = new ConsultRepository(db);
  const service = await repo.service(serviceId);
  if (!service || service.status !== DOCTOR_SERVICE_STATUS.on) {
    throw notFound(CONSULT_LOOKUP_MESSAGES.serviceMissing);
  }
  if (!(await new CareDirectoryRepository(db).findDoctor(service.doctorId))) {
    throw notFound(CONSULT_LOOKUP_MESSAGES.doctorMissing);
  }
  const open = await repo.openWith(customerId, service.doctorId);
  if (open) {
    throw new AppError(CONSULT_CODES.openExists, CONSULT_REFUSALS.openExists, 409, {
      sessionId: open.sessionId,
      status: open.status,
    });
  }
  const interval = service.serviceType === DOCTOR_SERVICE_TYPE.interval;
  const row =
    (await repo.unpaidOf(customerId, service.id, new Date(now.getTime() - PAYMENT_TIME_LIMIT_MS))) ??
    (await repo.insert({
      id: randomUUID(),
      customerId,
      doctorId: service.doctorId,
      serviceId: service.id,
      serviceName: service.serviceName,
      serviceType: interval ? DOCTOR_SERVICE_TYPE.interval : DOCTOR_SERVICE_TYPE.once,
      serviceInterval: interval ? service.serviceInterval : null,
      priceCents: service.servicePrice,
      sessionId: randomUUID(),
      createdAt: now,
    }));
  const intent = await createPaymentIntent(
    db,
    ports.payment,
    {
      customerId,
      subjectKind: 'consultService',
      subjectId: row.id,
      amountCents: row.priceCents,
      description: `咨询费用-${row.serviceName}`,
    },
    now,
  );
  if (row.intentId !== intent.intentId) {
    await repo.update(row.id, { intentId: intent.intentId });
  }
  return { sessionId: row.sessionId, consultId: row.id, intent };
}

/**
 * Commerce's news that a consultation's intent was paid (wired in composition.ts), inside the
 * transaction that settles the intent: the consultation becomes 1 (to consult) and its chat
 * session opens with the patient and, when the doctor's account is linked already, the doctor.
 */
export async function consultOnIntentPaid(tx: Db, paid: PaidIntent): Promise<void> {
  const row = UUID.test(paid.subjectId) ? await new ConsultRepository(tx).byId(paid.subjectId) : null;
  if (!row || row.customerId !== paid.customerId) {
    return; // not ours to answer (an intent of a consultation that never was): the payment still counts
  }
  const { moved } = await applyEvent(tx, row, 'paid', { paidAt: paid.paidAt, intentId: paid.intentId });
  if (!moved) {
    return;
  }
  const staffId = await staffOfDoctor(tx, row.doctorId);
  await openChatSession(tx, {
    id: row.sessionId,
    sessionType: row.serviceType === DOCTOR_SERVICE_TYPE.interval ? 2 : 1,
    status: CONSULT_STATUS.toConsult,
    members: [
      { imUserId: patientOf(row), type: CHAT_MEMBER_TYPE.patient },
      ...(staffId ? [{ imUserId: staffImUserId(staffId), type: CHAT_MEMBER_TYPE.doctor }] : []),
    ],
  });
}

/** querySessionByUserIdAndCustomerId: the caller's latest consultation with the doctor, or null (visitors too). */
export async function latestConsultWith(db: Db, session: SessionContext, doctorId: number) {
  if (!session.registered) {
    return null;
  }
  const row = await new ConsultRepository(db).latestWith(session.customerId, doctorId);
  return row
    ? {
        status: row.status,
        sessionId: row.sessionId,
        consultId: row.id,
        serviceType: row.serviceType === DOCTOR_SERVICE_TYPE.interval ? 2 : 1,
      }
    : null;
}

/** querySessionBySessionId: one of the caller's consultations. */
export async function consultSessionOf(db: Db, session: SessionContext, sessionId: string) {
  return sessionVo(db, await consultOfCustomer(db, sessionId, registeredCustomerId(session)));
}

/** The consult list's page size (spec 3 §9). */
export const CONSULT_LIST_PAGE_SIZE = 10;

/** pagedQueryList: the caller's paid consultations with unread counts and last messages; visitors see none. */
export async function consultPage(db: Db, session: SessionContext, page: { pageNo?: number; pageSize?: number }) {
  const pageNo = page.pageNo ?? 1;
  const pageSize = page.pageSize ?? CONSULT_LIST_PAGE_SIZE;
  if (!session.registered) {
    return { items: [], currentPage: pageNo, totalPage: 0, totalNum: 0 };
  }
  const { rows, total } = await new ConsultRepository(db).pageOfCustomer(
    session.customerId,
    pageSize,
    (pageNo - 1) * pageSize,
  );
  const [doctors, digests] = await Promise.all([
    doctorsOf(
      db,
      rows.map((row) => row.doctorId),
    ),
    chatDigests(
      db,
      customerImUserId(session.customerId),
      rows.map((row) => row.sessionId),
    ),
  ]);
  return {
    items: rows.map((row) => ({
      ...baseVo(row, doctors.get(row.doctorId)),
      unreadCount: digests.get(row.sessionId)?.unreadCount ?? 0,
      lastMessage: digests.get(row.sessionId)?.lastMessage ?? null,
    })),
    currentPage: pageNo,
    totalPage: Math.ceil(total / pageSize),
    totalNum: total,
  };
}

/** isUnUsedConsultOrder: whether the caller's consultation is paid and not yet described (status 1). */
export async function isUnusedConsult(db: Db, session: SessionContext, sessionId: string) {
  const row = await consultOfCustomer(db, sessionId, registeredCustomerId(session));
  return { unused: row.status === CONSULT_STATUS.toConsult };
}

/**
 * saveDiagnosticInfo (spec 3 §4 submission flow): only in status 1. startConsult (and imgStartConsult
 * with photos) and waitConsult are posted, the description stored, the status 3, and the 24-hour
 * job scheduled, in one transaction. A refusal answers 50007 with its reason.
 */
export async function saveDiagnosticInfo(
  db: Db,
  ports: ConsultPorts,
  session: SessionContext,
  body: {
    sessionId: string;
    diagnosticInfo: { desc: string; imgList: string[] };
    allergicHistory?: { items: string[]; detail: string } | null;
    drugStoreId?: number | null;
  },
  now: Date,
) {
  const row = await consultOfCustomer(db, body.sessionId, registeredCustomerId(session));
  // The status first: a second submission is told so, whatever it carries.
  const outcome = consultTransition(row.status, 'submitted');
  if (outcome.kind !== 'move') {
    throw refusal(
      CONSULT_CODES.submitRefused,
      outcome.kind === 'refused' ? outcome.message : CONSULT_REFUSALS.submitWrongStatus,
    );
  }
  const allergyKeys = (await new DictionaryRepository(db).findByType('allergic_history')).map((item) => item.itemKey);
  const desc = body.diagnosticInfo.desc.trim();
  const imgList = body.diagnosticInfo.imgList;
  const allergy = body.allergicHistory ?? null;
  const checked = validateConsultSubmission({ desc, imgList, allergicHistory: allergy }, allergyKeys);
  if (!checked.ok) {
    throw refusal(CONSULT_CODES.submitRefused, checked.message);
  }
  const drugStoreId = body.drugStoreId ?? null;
  if (drugStoreId !== null) {
    const store = await new ConsultRepository(db).pharmacy(drugStoreId);
    if (!store || store.status !== 1) {
      throw refusal(CONSULT_CODES.submitRefused, CONSULT_SUBMIT_MESSAGES.drugStoreUnknown);
    }
  }
  const after = await inTransaction(db, async (tx) => {
    const { row: moved } = await applyEvent(tx, row, 'submitted', {
      submittedAt: now,
      diagnosticInfo: { desc, imgList: [...imgList] },
      allergicHistory: allergy ? { items: [...allergy.items], detail: allergy.detail.trim() } : null,
      drugStoreId,
    });
    const from = patientOf(moved);
    await post(tx, ports.fanOut, moved, { from, step: 'start', data: 'startConsult', description: desc }, now);
    if (imgList.length > 0) {
      await post(
        tx,
        ports.fanOut,
        moved,
        {
          from,
          step: 'img',
          data: 'imgStartConsult',
          description: CONSULT_CHAT_TEXTS.imgStartConsult,
          extension: JSON.stringify({ consultId: moved.id, imgList }),
        },
        now,
      );
    }
    await post(
      tx,
      ports.fanOut,
      moved,
      { from, step: 'wait', data: 'waitConsult', description: CONSULT_CHAT_TEXTS.waitConsult },
      now,
    );
    await scheduleJob(tx, CONSULT_EXPIRE_JOB, moved.id, consultExpiresAt(now), { consultId: moved.id });
    return moved;
  });
  return sessionVo(db, after);
}

/** Cancels a waiting consultation (the patient, the doctor's refusal, or the 24-hour job), with its refund. */
async function cancelWith(
  tx: Db,
  fanOut: ChatFanOut,
  row: ConsultRow,
  event: 'cancelled' | 'rejected' | 'expired',
  reason: string,
  from: string,
  now: Date,
) {
  const { row: after, moved } = await applyEvent(tx, row, event, { cancelledAt: now, cancelReason: reason });
  if (moved) {
    const description = event === 'rejected' ? CONSULT_CHAT_TEXTS.rejected(reason) : CONSULT_CHAT_TEXTS.cancel;
    await post(tx, fanOut, after, { from, step: 'cancel', data: 'cancel', description }, now);
    await scheduleRefund(tx, after, now);
  }
  return after;
}

/** cancel: the patient cancels in status 3 (→ 4, refunded); 50008 once the doctor accepted. */
export async function cancelConsult(
  db: Db,
  ports: ConsultPorts,
  session: SessionContext,
  sessionId: string,
  now: Date,
) {
  const row = await consultOfCustomer(db, sessionId, registeredCustomerId(session));
  const after = await inTransaction(db, (tx) =>
    cancelWith(tx, ports.fanOut, row, 'cancelled', CONSULT_CANCEL_REASONS.patient, patientOf(row), now),
  );
  return sessionVo(db, after);
}

/** Ends a running consultation (→ 0) with the end-consult message from whoever ended it. */
async function endWith(tx: Db, fanOut: ChatFanOut, row: ConsultRow, from: string, description: string, now: Date) {
  const { row: after, moved } = await applyEvent(tx, row, 'ended', { endedAt: now });
  if (moved) {
    await post(tx, fanOut, after, { from, step: 'end', data: 'end-consult', description }, now);
  }
  return after;
}

/** close: the patient ends a running consultation (2 → 0). */
export async function closeConsult(db: Db, ports: ConsultPorts, session: SessionContext, sessionId: string, now: Date) {
  const row = await consultOfCustomer(db, sessionId, registeredCustomerId(session));
  const after = await inTransaction(db, (tx) =>
    endWith(tx, ports.fanOut, row, patientOf(row), CONSULT_CHAT_TEXTS.endConsult, now),
  );
  return sessionVo(db, after);
}

// ---------------------------------------------------------------------------------------------
// The doctor's console.

/** The console queue's default and largest page. */
const QUEUE_PAGE_SIZE = 20;

/** The doctor's queue: one tab (waiting, active, finished) and the size of each. Audited (`consult.list`). */
export async function doctorQueue(
  db: Db,
  staff: StaffContext,
  actor: AuditActor,
  query: { state: QueueState; pageNo?: number; pageSize?: number },
  now: Date,
) {
  if (staff.doctorId === null) {
    throw forbidden(CONSULT_LOOKUP_MESSAGES.notLinked);
  }
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? QUEUE_PAGE_SIZE;
  const repo = new ConsultRepository(db);
  const [{ rows, total }, counts] = await Promise.all([
    repo.pageOfDoctor(staff.doctorId, query.state, pageSize, (pageNo - 1) * pageSize),
    repo.countsOfDoctor(staff.doctorId),
  ]);
  await recordAudit(
    db,
    actor,
    { action: 'consult.list', detail: { state: query.state, pageNo, consults: rows.length } },
    now,
  );
  return { items: await consoleVos(db, rows, now), total, counts };
}

/** One of the doctor's consultations. Audited (`consult.read`, with the patient). */
export async function doctorConsult(db: Db, staff: StaffContext, actor: AuditActor, consultId: string, now: Date) {
  const row = await consultOfDoctor(db, consultId, staff);
  await recordAudit(db, actor, { action: 'consult.read', patientId: row.customerId, target: row.id }, now);
  return consoleVo(db, row, now);
}

/**
 * accept (3 → 2): the doctor joins the chat and approveConsult is posted; an interval service gets
 * its end time and the job that ends it. Audited (`consult.accept`).
 */
export async function acceptConsult(
  db: Db,
  ports: ConsultPorts,
  staff: StaffContext,
  actor: AuditActor,
  consultId: string,
  now: Date,
) {
  const row = await consultOfDoctor(db, consultId, staff);
  const interval = row.serviceType === DOCTOR_SERVICE_TYPE.interval && (row.serviceInterval ?? 0) > 0;
  const endsAt = interval ? consultEndsAt(now, row.serviceInterval ?? 0) : null;
  const doctor = staffImUserId(staff.staffId);
  const after = await inTransaction(db, async (tx) => {
    const { row: moved, moved: changed } = await applyEvent(tx, row, 'accepted', {
      acceptedAt: now,
      acceptedBy: staff.staffId,
      endsAt,
    });
    if (changed) {
      await joinChatSession(tx, moved.sessionId, { imUserId: doctor, type: CHAT_MEMBER_TYPE.doctor });
      await post(
        tx,
        ports.fanOut,
        moved,
        { from: doctor, step: 'approve', data: 'approveConsult', description: CONSULT_CHAT_TEXTS.approveConsult },
        now,
      );
      if (endsAt) {
        await scheduleJob(tx, CONSULT_END_JOB, moved.id, endsAt, { consultId: moved.id });
      }
      await recordAudit(tx, actor, { action: 'consult.accept', patientId: moved.customerId, target: moved.id }, now);
    }
    return moved;
  });
  return consoleVo(db, after, now);
}

/** reject (3 → 4): the reason goes to the patient in the cancel message; full refund. Audited (`consult.reject`). */
export async function rejectConsult(
  db: Db,
  ports: ConsultPorts,
  staff: StaffContext,
  actor: AuditActor,
  consultId: string,
  reason: string,
  now: Date,
) {
  const row = await consultOfDoctor(db, consultId, staff);
  const doctor = staffImUserId(staff.staffId);
  const text = reason.trim();
  if (!text) {
    throw new AppError(ErrorCodes.badRequest, '请填写拒绝原因（不超过100字）');
  }
  const after = await inTransaction(db, async (tx) => {
    // The doctor may not be a member yet (no linked account when it was paid): the message is theirs.
    await joinChatSession(tx, row.sessionId, { imUserId: doctor, type: CHAT_MEMBER_TYPE.doctor });
    const cancelled = await cancelWith(tx, ports.fanOut, row, 'rejected', text, doctor, now);
    await recordAudit(
      tx,
      actor,
      { action: 'consult.reject', patientId: row.customerId, target: row.id, detail: { reason: text } },
      now,
    );
    return cancelled;
  });
  return consoleVo(db, after, now);
}

/** end (2 → 0) by the doctor. Audited (`consult.end`). */
export async function endConsultByDoctor(
  db: Db,
  ports: ConsultPorts,
  staff: StaffContext,
  actor: AuditActor,
  consultId: string,
  now: Date,
) {
  const row = await consultOfDoctor(db, consultId, staff);
  const after = await inTransaction(db, async (tx) => {
    const ended = await endWith(
      tx,
      ports.fanOut,
      row,
      staffImUserId(staff.staffId),
      CONSULT_CHAT_TEXTS.endConsult,
      now,
    );
    await recordAudit(tx, actor, { action: 'consult.end', patientId: row.customerId, target: row.id }, now);
    return ended;
  });
  return consoleVo(db, after, now);
}

// ---------------------------------------------------------------------------------------------
// Jobs (registered in composition.ts).

/** The 24-hour job: a consultation still waiting is cancelled (4) with its cancel message and refund; otherwise nothing. */
export async function expireConsult(db: Db, fanOut: ChatFanOut, consultId: string, now: Date): Promise<void> {
  const row = await new ConsultRepository(db).byId(consultId);
  if (!row || row.status !== CONSULT_STATUS.waitingAccept) {
    return;
  }
  await cancelWith(db, fanOut, row, 'expired', CONSULT_CANCEL_REASONS.expired, patientOf(row), now);
}

/** The interval service's end: a consultation still running is ended (0) with the end message; otherwise nothing. */
export async function endIntervalConsult(db: Db, fanOut: ChatFanOut, consultId: string, now: Date): Promise<void> {
  const row = await new ConsultRepository(db).byId(consultId);
  if (!row || row.status !== CONSULT_STATUS.inConsultation) {
    return;
  }
  const from = row.acceptedBy ? staffImUserId(row.acceptedBy) : patientOf(row);
  await endWith(db, fanOut, row, from, CONSULT_CHAT_TEXTS.endConsultByTime, now);
}

/** The refund job: the whole fee of a cancelled consultation, asked once however often it runs (its request key). */
export async function refundConsult(db: Db, payment: PaymentProvider, consultId: string, now: Date): Promise<void> {
  const row = await new ConsultRepository(db).byId(consultId);
  if (!row?.intentId || row.status !== CONSULT_STATUS.cancelled) {
    return;
  }
  await requestRefund(
    db,
    payment,
    {
      intentId: row.intentId,
      refundCents: row.priceCents,
      reason: '咨询取消，全额退款',
      requestedBy: 'system:consult',
      requestKey: `consult-${row.id}`,
    },
    now,
  );
}
