import { LabView } from './LabView';
import type { LabViewMode } from './types';

/** The report center's 尿酸 tab: the uric acid table or chart (spec 2 §2.10). */
export default function UricAcidView({ view }: { view: 'table' | 'chart' }) {
  const mode: LabViewMode = view;
  return <LabView kind="uricAcid" view={mode} />;
}
