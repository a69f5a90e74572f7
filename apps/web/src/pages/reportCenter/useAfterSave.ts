import { savedForMessage } from '@glucoguard/domain';
import { useNavigate } from 'react-router-dom';
import { useGoBack } from '../../hooks/useGoBack';
import { toast } from '../../ui/toast';
import { followingReportPath } from '../follow/followApi';
import type { RecordTarget } from './SelfOtherToggle';

/**
 * Where an add page goes after a save: back, for the user's own reading; for a relative's
 * (recorded through an accepted follow) it says whose data was saved (已为「张*国」保存) and opens
 * that person's report on the same kind, where the new reading is
 * (docs/adr/0112-who-entered-a-reading.md).
 */
export function useAfterSave(kind: 'sugar' | 'pressure'): (target: RecordTarget | null) => void {
  const goBack = useGoBack('/reportCenter/reportCenter');
  const navigate = useNavigate();
  return (target) => {
    if (target === null) {
      goBack();
      return;
    }
    toast(savedForMessage(target.name));
    void navigate(followingReportPath(target.customerId, target.name, kind), { replace: true });
  };
}
