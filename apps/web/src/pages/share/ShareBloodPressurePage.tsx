import { SharedTablePage } from './SharedTablePage';

/** /shareBloodPressureTable?token=… (public). */
export default function ShareBloodPressurePage() {
  return <SharedTablePage kind="bloodPressure" />;
}
