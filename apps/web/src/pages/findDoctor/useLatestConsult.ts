import type { LatestConsult } from '@glucoguard/domain';
import { api } from '../../api';
import { useApiData } from '../../hooks/useApiData';
import { isRegistered, useSession } from '../../store/session';

/**
 * The caller's latest consultation with a doctor (querySessionByUserIdAndCustomerId), which decides
 * the purchase buttons. Visitors have none and are not asked; a failed read counts as none (buying
 * then meets the server's own 50006 check).
 */
export function useLatestConsult(doctorId: number) {
  const registered = useSession((state) => isRegistered(state.customer));
  const read = useApiData(
    () => api().GET('/consult/v1/querySessionByUserIdAndCustomerId', { params: { query: { doctorId } } }),
    ['latestConsult', doctorId],
    { enabled: registered && doctorId > 0 },
  );
  const latest: LatestConsult | null = read.data ?? null;
  return { latest, reload: read.reload, ready: !registered || doctorId <= 0 || !read.loading };
}
