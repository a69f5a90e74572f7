// The after-sales service pages' own words and small helpers: the repair steps and the dealer
// enquiry's state as staff read them, and the address of an uploaded picture. The rules (warranty
// expiry, the image groups' labels, the step names) are the domain's.
import { REPAIR_SCREEN_TEXTS, REPAIR_STATUS, REPAIR_STEP_RESULTS } from '@glucoguard/domain';
import type { RepairStepKind } from '@glucoguard/domain';

/** The repair queue's two tabs: the status each lists and its label (the patient's words). */
export const REPAIR_TABS = [
  { status: REPAIR_STATUS.inService, label: REPAIR_SCREEN_TEXTS.inServiceTab },
  { status: REPAIR_STATUS.completed, label: REPAIR_SCREEN_TEXTS.completedTab },
] as const;

/** A repair request's state as a tag: 服务中 (blue) or 已完成 (green). */
export function repairStatusTag(status: number): { label: string; colour: string } {
  return status === REPAIR_STATUS.completed
    ? { label: REPAIR_SCREEN_TEXTS.completedTab, colour: 'green' }
    : { label: REPAIR_SCREEN_TEXTS.inServiceTab, colour: 'blue' };
}

/** One step of a repair request in its timeline: 指派给 …, 处理结果 …, 完成 …. */
export function repairStepText(step: { kind: RepairStepKind; staffName: string; text: string }): string {
  switch (step.kind) {
    case 'assign':
      return `${step.staffName} 指派给 ${step.text}（${REPAIR_STEP_RESULTS.assign}）`;
    case 'result':
      return `${step.staffName} 填写处理结果：${step.text}`;
    case 'complete':
      return `${step.staffName} 完成报修${step.text ? `：${step.text}` : ''}`;
  }
}

/** The longest handling result the API keeps (RepairRemarkInput in openapi.yaml). */
export const REPAIR_REMARK_MAX = 500;
/** The longest note on a handled dealer enquiry. */
export const DEALER_NOTE_MAX = 200;

/** A dealer enquiry's state: 待处理 or 已处理. */
export const DEALER_STATE_OPTIONS = [
  { value: 'all', label: '全部' },
  { value: 0, label: '待处理' },
  { value: 1, label: '已处理' },
] as const;

export function dealerStateTag(handled: number): { label: string; colour: string } {
  return handled === 1 ? { label: '已处理', colour: 'green' } : { label: '待处理', colour: 'orange' };
}

/**
 * The address of a picture the API answered: a signed private path (uploads/277/…?exp=…&sig=…) is
 * served under /api/files/, an absolute address as it is.
 */
export function pictureUrl(address: string): string {
  return /^https?:\/\//.test(address) ? address : `/api/files/${address.replace(/^\/+/, '')}`;
}
