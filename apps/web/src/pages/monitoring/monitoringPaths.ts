import { MONITORING_PLAN_PATH } from '@glucoguard/domain';

/** The patient's monitoring plans, newest first (spec 3 §2.5). */
export const MONITORING_PLAN_LIST_PATH = '/monitoringPlanList';

/** One monitoring plan by its id. */
export function monitoringPlanPath(monitorId: string): string {
  return `${MONITORING_PLAN_PATH}?${new URLSearchParams({ monitorId }).toString()}`;
}

/** The latest monitoring plan (the domain's, which the notices open too). */
export { MONITORING_PLAN_PATH };
