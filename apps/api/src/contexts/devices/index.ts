/**
 * The devices context's public face: meters, their provisioning, binding and data plans, and the internal
 * ingestion endpoints. It may import platform, identity and health. Other contexts import only
 * this file, never a module inside it.
 */
export { meterRoutes } from './meter/meter.routes';
export { meterOfImei, provisionDevice } from './meter/meter.service';
export { ingestionRoutes } from './ingestion/ingestion.routes';
export { dataPlanRoutes } from './meter/dataPlan.routes';
export { dataPlanOnOrderPaid, extendDataPlan, listRechargeDevices } from './meter/dataPlan.service';
/** The meters' domain events (DeviceBound, DeviceUnbound), published in the binding and unbinding transactions (issue 23). */
export { deviceEvents } from './meter/meter.events';
