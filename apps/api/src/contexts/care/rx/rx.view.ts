import { customerShowStatusOf, formatChinaTime, truncate } from '@glucoguard/domain';
import type { Prescription, RxAdvice, RxMedicineSnapshot } from './rx.entity';
import type { RxDoctorRow, RxPatientRow } from './rx.repository';

/** Item key → label, per dictionary code (rx_category, medicine_usaged, medicine_rate, professional_level). */
export type RxLabels = Record<string, Map<string, string>>;

const time = (at: Date | null) => (at ? formatChinaTime(at) : null);

/** Whole years between a `YYYY-MM-DD` birthday and `at` (the age the prescription states). */
function ageAt(birthday: string | null, at: Date): number | null {
  if (!birthday) {
    return null;
  }
  const [y, m, d] = birthday.split('-').map(Number);
  const [ny, nm, nd] = formatChinaTime(at, 'YYYY-MM-DD').split('-').map(Number);
  if (!y || !m || !d || !ny || !nm || !nd) {
    return null;
  }
  return ny - y - (nm < m || (nm === m && nd < d) ? 1 : 0);
}

export function doctorView(doctor: RxDoctorRow | undefined, labels: RxLabels, doctorId: number) {
  return {
    doctorId,
    userName: doctor?.name ?? '',
    professionalLevel: doctor?.professionalLevel
      ? (labels.professional_level?.get(doctor.professionalLevel) ?? doctor.professionalLevel)
      : '',
    organizationName: doctor?.hospital ?? '',
    department: doctor?.department ?? '',
    headImgUrl: doctor?.headImg ?? '',
  };
}

export function patientView(patient: RxPatientRow | undefined, at: Date) {
  return {
    name: patient?.nickname || '患者',
    sex: patient?.sex ?? 0,
    age: ageAt(patient?.birthday ?? null, at),
  };
}

const medicineView = (m: RxMedicineSnapshot) => ({ ...m, timeUnit: m.timeUnit === 0 ? (0 as const) : (1 as const) });

/** A prescription as the console shows it (doctor and pharmacist). */
export function consolePrescriptionView(
  row: Prescription,
  doctors: Map<number, RxDoctorRow>,
  patients: Map<string, RxPatientRow>,
  labels: RxLabels,
) {
  return {
    infoId: row.id,
    rxCode: row.rxCode,
    patientNo: row.patientNo,
    rxCategory: row.rxCategory,
    rxCategoryName: labels.rx_category?.get(row.rxCategory) ?? row.rxCategory,
    status: row.status as 1 | 2 | 3 | 4 | 5,
    customerShowStatus: customerShowStatusOf(row.status),
    content: row.content,
    createTime: formatChinaTime(row.createdAt),
    auditTime: time(row.reviewedAt ?? null),
    auditReason: row.reviewReason ?? null,
    pharmacistName: null,
    expireTime: time(row.expiresAt ?? null),
    consultId: row.consultId,
    doctor: doctorView(doctors.get(row.doctorId), labels, row.doctorId),
    patient: { customerId: row.customerId, ...patientView(patients.get(row.customerId), row.createdAt) },
    medicines: row.medicines.map(medicineView),
  };
}

/** A medication advice (the patient's /proposal and the console's list). */
export function adviceView(row: RxAdvice, doctors: Map<number, RxDoctorRow>, labels: RxLabels) {
  return {
    infoId: row.id,
    consultId: row.consultId,
    sessionId: row.sessionId ?? null,
    content: row.content,
    createTime: formatChinaTime(row.createdAt),
    doctor: doctorView(doctors.get(row.doctorId), labels, row.doctorId),
    medicines: row.medicines.map(medicineView),
  };
}

/** How much of the content a list item shows. */
const SUMMARY_MAX = 20;

/** A list item of the patient's prescriptions (type 1) or advice (type 2), spec 3 §3. */
export function listItemView(
  row: Prescription | RxAdvice,
  type: 1 | 2,
  doctors: Map<number, RxDoctorRow>,
  labels: RxLabels,
) {
  const doctor = doctorView(doctors.get(row.doctorId), labels, row.doctorId);
  return {
    infoId: row.id,
    type,
    userId: row.doctorId,
    userName: doctor.userName,
    headImgUrl: doctor.headImgUrl,
    professionalLevel: doctor.professionalLevel,
    organizationName: doctor.organizationName,
    department: doctor.department,
    createTime: formatChinaTime(row.createdAt),
    customerShowStatus: 'status' in row ? customerShowStatusOf(row.status) : null,
    summary: truncate(row.content, SUMMARY_MAX),
    sessionId: row.sessionId ?? null,
  };
}
