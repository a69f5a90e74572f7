import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazyPage';
import { FAULT_SERVICE_DETAIL_PATH, FAULT_SERVICE_LIST_PATH, REPAIR_FILLING_PATH } from './repairPaths';

const RepairFillingPage = lazyPage(() => import(/* webpackChunkName: "page-repair-filling" */ './RepairFillingPage'));
const FaultServiceListPage = lazyPage(
  () => import(/* webpackChunkName: "page-fault-service-list" */ './FaultServiceListPage'),
);
const FaultServiceDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-fault-service-detail" */ './FaultServiceDetailPage'),
);
const DealerProcurementPage = lazyPage(
  () => import(/* webpackChunkName: "page-dealer-procurement" */ '../dealer/DealerProcurementPage'),
);

/** The repair pages and the dealer form of after-sales (spec 3 §2.8), spread into the route table. */
export const repairRoutes: RouteObject[] = [
  { path: REPAIR_FILLING_PATH, element: <RepairFillingPage /> },
  { path: FAULT_SERVICE_LIST_PATH, element: <FaultServiceListPage /> },
  { path: FAULT_SERVICE_DETAIL_PATH, element: <FaultServiceDetailPage /> },
  { path: '/dealerProcurement', element: <DealerProcurementPage /> },
];
