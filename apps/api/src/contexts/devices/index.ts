/**
 * The devices context's public face: meters, their provisioning and binding, and the internal
 * ingestion endpoints. It may import platform, identity and health. Other contexts import only
 * this file, never a module inside it.
 */
export { meterRoutes } from './meter/meter.routes';
export { ingestionRoutes } from './ingestion/ingestion.routes';
export { dataPlanRoutes } from './data-plan/dataPlan.routes';
export {
  dataPlanOnOrderPaid,
  extendDataPlan,
  type DataPlanRenewalResult,
  type PaidDataPlanOrder,
} from './data-plan/dataPlan.service';
