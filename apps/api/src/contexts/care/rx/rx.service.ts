import { randomInt } from 'node:crypto';
import {
  CONSULT_STATUS,
  formatChinaTime,
  nextRxStatus,
  RX_MESSAGES,
  RX_STATUS,
  rxChatDescription,
  rxExpiresAt,
  rxRedeemRefusal,
  validateAdvice,
  validatePrescription,
  validateRxReview,
  type ChatCustomKind,
  type RxMedicineLine,
} from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { inTransaction } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { StaffContext } from '../../../lib/staff-context';
import type { BodyOf } from '../../../lib/contract';
import { recordAudit, scheduleJob, type AuditActor } from '../../platform';
import { postCustomChatMessage, type ChatFanOut } from '../chat/chat.service';
import { staffImUserId } from '../chat/chat.sig';
import type { Prescription, RxMedicineSnapshot } from './rx.entity';
import { rxEvents } from './rx.events';
import { rxConsultOfDoctor, type RxConsult } from './rx.consult';
import { RxRepository } from './rx.repository';
import { RX_EXPIRE_JOB } from './rx.jobs';
import { parseRxQrCode } from './rx.qr';
import { consolePrescriptionView, adviceView, type RxLabels } from './rx.view';

/** What writing into a consultation needs beside the database. */
export interface RxDeps {
  fanOut: ChatFanOut;
  now: Date;
  actor: AuditActor;
}

const badRequest = (message: string) => new AppError(ErrorCodes.badRequest, message, 400);
const conflict = (message: string) => new AppError(ErrorCodes.conflict, message, 409);

function check(result: { ok: boolean; message?: string }) {
  if (!result.ok) {
    throw badRequest(result.message ?? RX_MESSAGES.unknownOption);
  }
}

/** A doctor writes only while the consultation runs or after it ended (2 or 0). */
function assertWritable(consult: RxConsult) {
  if (consult.status !== CONSULT_STATUS.inConsultation && consult.status !== CONSULT_STATUS.finished) {
    throw conflict(RX_MESSAGES.consultNotOpen);
  }
}

/** The medicine lines with the catalogue's and dictionaries' names, each id and key checked. */
async function snapshotLines(
  repo: RxRepository,
  labels: RxLabels,
  lines: readonly RxMedicineLine[],
): Promise<RxMedicineSnapshot[]> {
  const medicines = new Map((await repo.medicines(lines.map((l) => l.medicineId))).map((m) => [m.id, m]));
  return lines.map((line) => {
    const medicine = medicines.get(line.medicineId);
    const usagedName = labels.medicine_usaged?.get(line.usaged);
    const rateName = labels.medicine_rate?.get(line.rate);
    if (!medicine || usagedName === undefined || rateName === undefined) {
      throw badRequest(RX_MESSAGES.unknownOption);
    }
    return {
      medicineId: medicine.id,
      medicineName: medicine.genericName,
      specification: medicine.specification,
      packingUnit: medicine.packingUnit,
      dosageUnit: medicine.dosageUnit,
      number: line.number,
      dosage: line.dosage.trim(),
      usaged: line.usaged,
      usagedName,
      rate: line.rate,
      rateName,
      time: line.time,
      timeUnit: line.timeUnit,
    };
  });
}

/** `RX` + the China date + six random digits: what the pharmacist reads off the prescription. */
const newRxCode = (now: Date) =>
  `RX${formatChinaTime(now, 'YYYYMMDD')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** The patient's number on prescriptions: stable per customer, not their id. */
const patientNoOf = (customerId: string) => `P${customerId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;

/** Posts a prescription step into the consultation's chat from the doctor's identity (idempotent by key). */
async function postStep(
  tx: Db,
  fanOut: ChatFanOut,
  input: {
    sessionId: string | null;
    staffId: string;
    key: string;
    data: ChatCustomKind;
    description: string;
    infoId: string;
    now: Date;
  },
) {
  if (!input.sessionId) {
    return;
  }
  await postCustomChatMessage(tx, fanOut, {
    sessionId: input.sessionId,
    from: staffImUserId(input.staffId),
    key: input.key,
    data: input.data,
    description: input.description,
    extension: JSON.stringify({ infoId: input.infoId }),
    now: input.now,
  });
}

async function consoleView(repo: RxRepository, row: Prescription, labels?: RxLabels) {
  const [doctors, patients, l] = await Promise.all([
    repo.doctors([row.doctorId]),
    repo.patients([row.customerId]),
    labels ?? repo.labels(),
  ]);
  return consolePrescriptionView(row, doctors, patients, l);
}

/** The doctor writes a prescription (console `consoleCreatePrescription`). */
export async function createPrescription(
  db: Db,
  deps: RxDeps,
  staff: StaffContext,
  body: BodyOf<'consoleCreatePrescription'>,
) {
  check(validatePrescription(body));
  const repo = new RxRepository(db);
  const again = await repo.prescriptionByKey(staff.staffId, body.requestKey);
  if (again) {
    return consoleView(repo, again);
  }
  const consult = await rxConsultOfDoctor(db, body.consultId, staff);
  const doctor = (await repo.doctors([consult.doctorId])).get(consult.doctorId);
  if (!doctor || doctor.eleRxStatus !== 1) {
    throw new AppError(ErrorCodes.forbidden, RX_MESSAGES.notPrescriber, 403);
  }
  assertWritable(consult);
  const labels = await repo.labels();
  if (!labels.rx_category?.has(body.rxCategory)) {
    throw badRequest(RX_MESSAGES.unknownOption);
  }
  const medicines = await snapshotLines(repo, labels, body.medicines);
  const row = await inTransaction(db, async (tx) => {
    const created = await new RxRepository(tx).insertPrescription({
      rxCode: newRxCode(deps.now),
      patientNo: patientNoOf(consult.customerId),
      consultId: consult.consultId,
      sessionId: consult.sessionId,
      customerId: consult.customerId,
      doctorId: consult.doctorId,
      staffId: staff.staffId,
      requestKey: body.requestKey,
      rxCategory: body.rxCategory,
      status: RX_STATUS.awaitingReview,
      content: body.content.trim(),
      medicines,
      createdAt: deps.now,
      reviewedAt: null,
      reviewerId: null,
      reviewReason: null,
      expiresAt: null,
      usedAt: null,
      usedBy: null,
    });
    await postStep(tx, deps.fanOut, {
      sessionId: consult.sessionId,
      staffId: staff.staffId,
      key: `rx_${created.id}`,
      data: 'prescription',
      description: rxChatDescription('prescription'),
      infoId: created.id,
      now: deps.now,
    });
    await recordAudit(
      tx,
      deps.actor,
      { action: 'rx.write', patientId: consult.customerId, target: created.id },
      deps.now,
    );
    return created;
  });
  return consoleView(repo, row, labels);
}

/** The doctor sends medication advice (console `consoleCreateAdvice`). */
export async function createAdvice(db: Db, deps: RxDeps, staff: StaffContext, body: BodyOf<'consoleCreateAdvice'>) {
  check(validateAdvice(body));
  const repo = new RxRepository(db);
  const again = await repo.adviceByKey(staff.staffId, body.requestKey);
  if (again) {
    return adviceView(again, await repo.doctors([again.doctorId]), await repo.labels());
  }
  const consult = await rxConsultOfDoctor(db, body.consultId, staff);
  assertWritable(consult);
  const labels = await repo.labels();
  const medicines = await snapshotLines(repo, labels, body.medicines);
  const row = await inTransaction(db, async (tx) => {
    const created = await new RxRepository(tx).insertAdvice({
      consultId: consult.consultId,
      sessionId: consult.sessionId,
      customerId: consult.customerId,
      doctorId: consult.doctorId,
      staffId: staff.staffId,
      requestKey: body.requestKey,
      content: body.content.trim(),
      medicines,
      createdAt: deps.now,
    });
    await postStep(tx, deps.fanOut, {
      sessionId: consult.sessionId,
      staffId: staff.staffId,
      key: `advice_${created.id}`,
      data: 'proposal',
      description: rxChatDescription('proposal'),
      infoId: created.id,
      now: deps.now,
    });
    await recordAudit(
      tx,
      deps.actor,
      { action: 'rx.advice', patientId: consult.customerId, target: created.id },
      deps.now,
    );
    return created;
  });
  return adviceView(row, await repo.doctors([row.doctorId]), labels);
}

/** What the doctor wrote in one of their consultations (console `consoleConsultRx`). */
export async function consultRx(db: Db, staff: StaffContext, consultId: string) {
  const consult = await rxConsultOfDoctor(db, consultId, staff);
  const repo = new RxRepository(db);
  const [{ prescriptions, advice }, labels] = await Promise.all([repo.ofConsult(consult.consultId), repo.labels()]);
  const doctors = await repo.doctors([consult.doctorId, ...prescriptions.map((p) => p.doctorId)]);
  const patients = await repo.patients([consult.customerId]);
  return {
    canPrescribe: doctors.get(consult.doctorId)?.eleRxStatus === 1,
    prescriptions: prescriptions.map((p) => consolePrescriptionView(p, doctors, patients, labels)),
    advice: advice.map((a) => adviceView(a, doctors, labels)),
  };
}

/** The pharmacist's queue (console `consoleRxReviews`). */
export async function rxReviewQueue(
  db: Db,
  actor: AuditActor,
  q: { state?: 'pending' | 'reviewed'; pageNo?: number; pageSize?: number },
  now: Date,
) {
  const repo = new RxRepository(db);
  const { rows, total, pendingCount } = await repo.reviewQueue(q.state ?? 'pending', q.pageNo ?? 1, q.pageSize ?? 10);
  const [doctors, patients, labels] = await Promise.all([
    repo.doctors(rows.map((r) => r.doctorId)),
    repo.patients(rows.map((r) => r.customerId)),
    repo.labels(),
  ]);
  await recordAudit(db, actor, { action: 'rx.list', detail: { state: q.state ?? 'pending' } }, now);
  return { items: rows.map((r) => consolePrescriptionView(r, doctors, patients, labels)), total, pendingCount };
}

/** One prescription for the pharmacist (console `consoleRxPrescription`). */
export async function rxForPharmacist(db: Db, actor: AuditActor, infoId: string, now: Date) {
  const repo = new RxRepository(db);
  const row = await repo.prescription(infoId);
  if (!row) {
    throw notFound(RX_MESSAGES.notFound);
  }
  await recordAudit(db, actor, { action: 'rx.read', patientId: row.customerId, target: row.id }, now);
  return consoleView(repo, row);
}

/** The pharmacist's verdict (console `consoleReviewPrescription`): 1 → 2 (with its expiry job) or 1 → 3. */
export async function reviewPrescription(
  db: Db,
  deps: RxDeps,
  staff: StaffContext,
  infoId: string,
  body: BodyOf<'consoleReviewPrescription'>,
) {
  check(validateRxReview(body));
  const repo = new RxRepository(db);
  const row = await repo.prescription(infoId);
  if (!row) {
    throw notFound(RX_MESSAGES.notFound);
  }
  const to = nextRxStatus(row.status, body.approve ? 'approved' : 'rejected');
  if (to === null) {
    throw conflict(RX_MESSAGES.alreadyReviewed);
  }
  const expiresAt = body.approve ? rxExpiresAt(deps.now) : null;
  const reason = body.approve ? null : (body.reason ?? '').trim();
  await inTransaction(db, async (tx) => {
    const moved = await new RxRepository(tx).moveFrom(row.id, RX_STATUS.awaitingReview, {
      status: to,
      reviewedAt: deps.now,
      reviewerId: staff.staffId,
      reviewReason: reason,
      expiresAt,
    });
    if (!moved) {
      throw conflict(RX_MESSAGES.alreadyReviewed);
    }
    if (expiresAt) {
      await scheduleJob(tx, RX_EXPIRE_JOB, row.id, expiresAt, { infoId: row.id });
    }
    await postStep(tx, deps.fanOut, {
      sessionId: row.sessionId ?? null,
      staffId: row.staffId,
      key: `rxaudit_${row.id}`,
      data: 'rx audit',
      description: rxChatDescription('rx audit', { approved: body.approve, reason }),
      infoId: row.id,
      now: deps.now,
    });
    const doctor = (await repo.doctors([row.doctorId])).get(row.doctorId);
    const patient = (await repo.patients([row.customerId])).get(row.customerId);
    await rxEvents.publish(tx, 'PrescriptionReviewed', [
      {
        type: 'PrescriptionReviewed',
        infoId: row.id,
        customerId: row.customerId,
        patientName: patient?.nickname ?? '',
        doctorName: doctor?.name ?? '',
        approved: body.approve,
        reason,
        at: deps.now,
      },
    ]);
    await recordAudit(
      tx,
      deps.actor,
      {
        action: 'rx.review',
        patientId: row.customerId,
        target: row.id,
        detail: { approve: body.approve, reason },
      },
      deps.now,
    );
  });
  const after = await new RxRepository(db).prescription(row.id);
  return consoleView(repo, after ?? row);
}

/** Dispensing at the counter (console `consoleRedeemPrescription`): 2 → 4. */
export async function redeemPrescription(db: Db, deps: RxDeps, staff: StaffContext, secret: string, code: string) {
  const infoId = parseRxQrCode(secret, code);
  const repo = new RxRepository(db);
  const row = infoId ? await repo.prescription(infoId) : null;
  if (!row) {
    throw notFound(RX_MESSAGES.notFound);
  }
  const refusal = rxRedeemRefusal(row.status);
  // An approved prescription past its time counts as expired even before the job ran.
  if (refusal === null && row.expiresAt && row.expiresAt.getTime() <= deps.now.getTime()) {
    throw conflict(RX_MESSAGES.expired);
  }
  if (refusal !== null) {
    throw conflict(refusal);
  }
  await inTransaction(db, async (tx) => {
    const moved = await new RxRepository(tx).moveFrom(row.id, RX_STATUS.approved, {
      status: RX_STATUS.used,
      usedAt: deps.now,
      usedBy: staff.staffId,
    });
    if (!moved) {
      throw conflict(RX_MESSAGES.used);
    }
    await recordAudit(tx, deps.actor, { action: 'rx.redeem', patientId: row.customerId, target: row.id }, deps.now);
  });
  const after = await repo.prescription(row.id);
  return consoleView(repo, after ?? row);
}

/** The expiry job: an approved prescription still unused at its time becomes expired (5). */
export async function expirePrescription(db: Db, infoId: string, now: Date): Promise<void> {
  const repo = new RxRepository(db);
  const row = await repo.prescription(infoId);
  if (!row || row.status !== RX_STATUS.approved || !row.expiresAt || row.expiresAt.getTime() > now.getTime()) {
    return;
  }
  await repo.moveFrom(row.id, RX_STATUS.approved, { status: RX_STATUS.expired });
}
