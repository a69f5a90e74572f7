/** The patient's monitoring plans, newest first (spec 3 §2.5). */
export const MONITORING_PLAN_LIST_PATH = '/monitoringPlanList';
/** The latest monitoring plan. */
export const MONITORING_PLAN_PATH = '/monitoringPlan';

/** One monitoring plan by its id. */
export function monitoringPlanPath(monitorId: string): string {
  return `${MONITORING_PLAN_PATH}?${new URLSearchParams({ monitorId }).toString()}`;
}
