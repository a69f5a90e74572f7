import { formatChinaTime as formatTime, prescriptionDetailView, RX_MESSAGES, RX_STATUS } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { QueryOf } from '../../../lib/contract';
import { RxRepository } from './rx.repository';
import { rxQrCode, rxQrImage } from './rx.qr';
import { adviceView, doctorView, listItemView, patientView } from './rx.view';

const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` day's start in China time, or a 40000 when it is no date. */
function chinaDayStart(day: string): Date {
  const at = new Date(`${day}T00:00:00+08:00`);
  if (Number.isNaN(at.getTime())) {
    throw new AppError(ErrorCodes.badRequest, '日期格式不正确', 400);
  }
  return at;
}

/** The caller's prescriptions (type 1) or advice (type 2), newest first (`rxPagedQueryList`). */
export async function pageMyRx(db: Db, customerId: string, q: QueryOf<'rxPagedQueryList'>) {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 5;
  const query = {
    customerId,
    // customerShowStatus and status share their codes for 1, 2, 4 and 5.
    showStatuses: q.customerShowStatus ? [q.customerShowStatus] : undefined,
    from: q.startTime ? chinaDayStart(q.startTime) : undefined,
    to: q.endTime ? new Date(chinaDayStart(q.endTime).getTime() + DAY_MS) : undefined,
    pageNo,
    pageSize,
  };
  const repo = new RxRepository(db);
  const { rows, total } = q.type === 1 ? await repo.pagePrescriptions(query) : await repo.pageAdvice(query);
  const [doctors, labels] = await Promise.all([repo.doctors(rows.map((r) => r.doctorId)), repo.labels()]);
  return {
    items: rows.map((r) => listItemView(r, q.type, doctors, labels)),
    currentPage: pageNo,
    totalPage: Math.ceil(total / pageSize),
    totalNum: total,
  };
}

async function ownPrescription(repo: RxRepository, customerId: string, infoId: string) {
  const row = await repo.prescription(infoId);
  if (!row || row.customerId !== customerId) {
    throw notFound(RX_MESSAGES.notFound);
  }
  return row;
}

/**
 * One of the caller's prescriptions (`rxQueryById`): none while under review; the QR seal only while
 * approved and unused, the medicines only once used (domain `prescriptionDetailView`).
 */
export async function myPrescription(db: Db, customerId: string, infoId: string, secret: string, now: Date) {
  const repo = new RxRepository(db);
  const row = await ownPrescription(repo, customerId, infoId);
  if (row.status === RX_STATUS.awaitingReview) {
    throw new AppError(ErrorCodes.conflict, RX_MESSAGES.underReview, 409);
  }
  // Past its time an approved prescription reads as expired even before the job ran.
  const status =
    row.status === RX_STATUS.approved && row.expiresAt && row.expiresAt.getTime() <= now.getTime()
      ? RX_STATUS.expired
      : row.status;
  const view = prescriptionDetailView(status);
  const [doctors, patients, labels] = await Promise.all([
    repo.doctors([row.doctorId]),
    repo.patients([row.customerId]),
    repo.labels(),
  ]);
  const code = view.showQr ? rxQrCode(secret, row.id) : null;
  return {
    rxInfo: {
      infoId: row.id,
      rxCode: row.rxCode,
      patientNo: row.patientNo,
      rxCategory: row.rxCategory,
      rxCategoryName: labels.rx_category?.get(row.rxCategory) ?? row.rxCategory,
      status: status as 1 | 2 | 3 | 4 | 5,
      customerShowStatus: status === RX_STATUS.rejected ? 3 : status,
      createTime: formatTime(row.createdAt),
      auditTime: row.reviewedAt ? formatTime(row.reviewedAt) : null,
      expireTime: row.expiresAt ? formatTime(row.expiresAt) : null,
      auditReason: row.reviewReason ?? null,
      sessionId: row.sessionId ?? null,
    },
    customer: patientView(patients.get(row.customerId), row.createdAt),
    user: doctorView(doctors.get(row.doctorId), labels, row.doctorId),
    rxContent: { content: row.content },
    rxMedicineRelationship: view.showDrugList
      ? row.medicines.map((m) => ({ ...m, timeUnit: m.timeUnit === 0 ? (0 as const) : (1 as const) }))
      : [],
    medicineCount: row.medicines.length,
    rxSealExtend: code ? { type: 1 as const, image: await rxQrImage(code), code } : null,
  };
}

/** One of the caller's medication advice (`rxQueryAdviceById`). */
export async function myAdvice(db: Db, customerId: string, infoId: string) {
  const repo = new RxRepository(db);
  const row = await repo.advice(infoId);
  if (!row || row.customerId !== customerId) {
    throw notFound(RX_MESSAGES.adviceNotFound);
  }
  return adviceView(row, await repo.doctors([row.doctorId]), await repo.labels());
}

/** The caller's advice in one consultation (`rxQueryAdviceBySession`). */
export async function myAdviceOfSession(db: Db, customerId: string, sessionId: string) {
  const repo = new RxRepository(db);
  const rows = await repo.adviceOfSession(sessionId, customerId);
  const [doctors, labels] = await Promise.all([repo.doctors(rows.map((r) => r.doctorId)), repo.labels()]);
  return rows.map((r) => adviceView(r, doctors, labels));
}

/** The plan text of one of the caller's prescriptions (type 1) or advice (type 2) (`rxQueryDiagnosisPlan`). */
export async function myDiagnosisPlan(db: Db, customerId: string, id: string, type: 1 | 2) {
  const repo = new RxRepository(db);
  const row = type === 1 ? await repo.prescription(id) : await repo.advice(id);
  if (!row || row.customerId !== customerId) {
    throw notFound(type === 1 ? RX_MESSAGES.notFound : RX_MESSAGES.adviceNotFound);
  }
  const doctor = (await repo.doctors([row.doctorId])).get(row.doctorId);
  return {
    id: row.id,
    type,
    title: type === 1 ? '诊断及处理意见' : '用药建议',
    content: row.content,
    doctorName: doctor?.name ?? '',
    createTime: formatTime(row.createdAt),
  };
}
