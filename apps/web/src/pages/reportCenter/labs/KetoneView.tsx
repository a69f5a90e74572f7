import { LabView } from './LabView';
import type { LabViewMode } from './types';

/** The report center's 血酮 tab: the ketone table or chart (spec 2 §2.10). */
export default function KetoneView({ view }: { view: 'table' | 'chart' }) {
  const mode: LabViewMode = view;
  return <LabView kind="ketone" view={mode} />;
}
