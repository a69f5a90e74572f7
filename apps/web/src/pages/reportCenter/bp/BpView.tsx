import type { ReportCenterView } from '../tabs';
import { BpChart } from './BpChart';
import { BpTable } from './BpTable';

/** The pressure top tab: the list (数据) or the 365-day chart (趋势). */
export default function BpView({ view }: { view: ReportCenterView }) {
  return view === 'table' ? <BpTable /> : <BpChart />;
}
