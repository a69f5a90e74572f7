// How the doctor's consultation pages write a patient, a service and a consultation's times. Display
// only: the statuses, tabs and rules themselves come from @glucoguard/domain and the API.
import { doctorServiceTypeName } from '@glucoguard/domain';

/** The queue's three tabs, in order, with the statuses each holds (the API's `state`). */
export const CONSULT_TABS = [
  { state: 'waiting', label: '待接诊' },
  { state: 'active', label: '咨询中' },
  { state: 'finished', label: '已结束' },
] as const;
export type ConsultTab = (typeof CONSULT_TABS)[number]['state'];

export function isConsultTab(value: string | null): value is ConsultTab {
  return CONSULT_TABS.some((tab) => tab.state === value);
}

/** The colour of a status tag: waiting orange, running blue, finished grey, cancelled red. */
export function statusColour(status: number): string {
  switch (status) {
    case 3:
      return 'orange';
    case 2:
      return 'blue';
    case 4:
      return 'red';
    default:
      return 'default';
  }
}

const SEX = ['', '男', '女'] as const;

/** 张三 · 男 · 62岁 (what is known of it). */
export function patientText(patient: { name: string; sex: number; age: number | null }): string {
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

/**
 * The service's name and, when it adds something, its type: 单次图文咨询, or 包时段咨询（30天）
 * (nothing when the doctor named the service after its type).
 */
export function serviceText(consult: { serviceName: string; sessionType: number; serviceInterval: number | null }) {
  const type = doctorServiceTypeName(consult.sessionType);
  const days = consult.serviceInterval ? `（${consult.serviceInterval}天）` : '';
  const typeText = `${type}${days}`;
  return { name: consult.serviceName, type: typeText === consult.serviceName ? '' : typeText };
}
