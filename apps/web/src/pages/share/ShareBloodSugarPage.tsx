import { SharedTablePage } from './SharedTablePage';

/** /shareBloodSugarReportTable?token=… (public). */
export default function ShareBloodSugarPage() {
  return <SharedTablePage kind="sugar" />;
}
