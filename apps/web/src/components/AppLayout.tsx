import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { brandOf } from '../brand';
import { SessionGate } from '../session/SessionGate';
import { useSession } from '../store/session';
import { PageLoading } from './PageLoading';

/** Root of every route: the brand's theme colour, the start-up guard and a loading state for lazy pages. */
export function AppLayout() {
  const sourceId = useSession((state) => state.sourceId);
  const { primaryColor, deepColor } = brandOf(sourceId);
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--adm-color-primary', primaryColor);
    root.setProperty('--brand-color-deep', deepColor);
  }, [primaryColor, deepColor]);
  return (
    <SessionGate>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SessionGate>
  );
}
