import type { ReadingPushFields } from '../social/readingNotice';

/** A step staff take on a repair request that the patient is told about. */
export type RepairStepKind = 'assign' | 'result' | 'complete';

/** The patient's page of one repair request; a repair notice opens it. */
export const FAULT_SERVICE_DETAIL_PATH = '/faultServiceDetail';

/** The address a repair notice opens: the request's detail page. */
export function repairDetailPath(upkeepId: number | string): string {
  return `${FAULT_SERVICE_DETAIL_PATH}?upkeepId=${encodeURIComponent(String(upkeepId))}`;
}

const RESULT_IN_NOTICE_MAX = 60;

function shortResult(remark: string): string {
  const chars = Array.from(remark.trim());
  return chars.length > RESULT_IN_NOTICE_MAX ? `${chars.slice(0, RESULT_IN_NOTICE_MAX).join('')}…` : chars.join('');
}

/**
 * The in-app notice of a step on the patient's repair request (our texts): accepted when staff
 * assign it, a progress note with the handling result, and done when it is completed.
 */
export function repairStepNotice(step: {
  readonly kind: RepairStepKind;
  readonly upkeepCode: string;
  readonly remark: string;
}): { title: string; text: string } {
  const which = `您的报修（服务编码 ${step.upkeepCode}）`;
  switch (step.kind) {
    case 'assign':
      return { title: '报修已受理', text: `${which}已受理，已安排专人为您处理，请保持电话畅通。` };
    case 'result':
      return { title: '报修处理进展', text: `${which}有新的处理进展：${shortResult(step.remark)}` };
    case 'complete':
      return {
        title: '报修已完成',
        // A result that ends its own sentence gets no second full stop (…请注意查收。点击查看详情。).
        text: `${which}已处理完成${step.remark.trim() ? `，处理结果：${shortResult(step.remark).replace(/[。．.！!]+$/u, '')}` : ''}。点击查看详情。`,
      };
  }
}

/** The step's words in a template message's result field. */
export const REPAIR_STEP_RESULTS: Readonly<Record<RepairStepKind, string>> = {
  assign: '已受理',
  result: '处理中',
  complete: '已完成',
};

/**
 * The messaging app's template fields of a repair notice, in the health template's five fields
 * (person, item, value, result, time; ADR 0153): the contact person, 产品报修, the 服务编码, the step.
 */
export function repairStepPushFields(step: {
  readonly kind: RepairStepKind;
  readonly name: string;
  readonly upkeepCode: string;
  readonly time: string;
}): ReadingPushFields {
  return {
    name: Array.from(step.name || '用户')
      .slice(0, 20)
      .join(''),
    item: '产品报修',
    value: step.upkeepCode,
    result: REPAIR_STEP_RESULTS[step.kind],
    time: step.time,
  };
}
