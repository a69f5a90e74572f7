import type { ReportCenterView } from '../tabs';
import { SugarChart } from './SugarChart';
import { SugarTable } from './SugarTable';

/** The sugar top tab: the day table (数据) or the trend chart (趋势). */
export default function SugarView({ view }: { view: ReportCenterView }) {
  return view === 'table' ? <SugarTable /> : <SugarChart />;
}
