import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Leaves the page the way the user came: one step back in the history, or, when the page was
 * the first one opened (a shared link, a template message, a bookmark: there is nothing of ours
 * to go back to), to `fallback` in place of the current entry.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the entry the app started on the key 'default'.
  const openedDirectly = location.key === 'default';
  return useCallback(() => {
    void (openedDirectly ? navigate(fallback, { replace: true }) : navigate(-1));
  }, [openedDirectly, fallback, navigate]);
}
