import { api } from '../api';
import { isRegistered, useSession } from '../store/session';
import { useUnread } from '../store/unread';
import { useApiData } from './useApiData';

/**
 * Keeps the mine tab's badge and the home page's follow request up to date: read from the server
 * (GET /notice/v1/getBadgeCount) each time the main page opens, for a registered customer only (a
 * visitor has nothing waiting). A failed read leaves the badge as it was; it is not worth an error.
 */
export function useUnreadBadge(): void {
  const registered = useSession((state) => isRegistered(state.customer));
  const cid = useSession((state) => state.customer?.cid ?? null);
  useApiData(() => api().GET('/notice/v1/getBadgeCount'), [registered, cid], {
    enabled: registered,
    onLoad: (badge) => useUnread.getState().setBadge(badge),
  });
}
