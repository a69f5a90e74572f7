// How the pharmacist's pages write a prescription's people and medicines. Display only: statuses,
// rules and messages come from @glucoguard/domain.
import { formatRxDuration } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';

export type Prescription = Schema<'ConsoleRxPrescription'>;
export type RxMedicine = Prescription['medicines'][number];

const SEX = ['', '男', '女'] as const;

/** 张三 · 男 · 62岁 (what is known of it). */
export function patientLine(patient: Prescription['patient']): string {
  const parts = [patient.name || '患者'];
  const sex = SEX[patient.sex];
  if (sex) {
    parts.push(sex);
  }
  if (patient.age !== null) {
    parts.push(`${patient.age}岁`);
  }
  return parts.join(' · ');
}

/** 李医生 · 主任医师 · 北京协和医院 内分泌科. */
export function doctorLine(doctor: Prescription['doctor']): string {
  return [doctor.userName, doctor.professionalLevel, `${doctor.organizationName} ${doctor.department}`.trim()]
    .filter(Boolean)
    .join(' · ');
}

/** 口服 · 每日三次 · 每次 1片 · 30天. */
export function usageLine(m: RxMedicine): string {
  return [m.usagedName, m.rateName, `每次 ${m.dosage}${m.dosageUnit}`, formatRxDuration(m.time, m.timeUnit)]
    .filter(Boolean)
    .join(' · ');
}

/** The colour of a status tag: waiting orange, approved green, rejected red, used blue, expired grey. */
export function rxStatusColour(status: number): string {
  return ['default', 'orange', 'green', 'red', 'blue', 'default'][status] ?? 'default';
}
