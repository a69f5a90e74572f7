import { Suspense, useEffect } from 'react';
import { brandFromSourceId } from '@glucoguard/domain';
import { SessionGate } from '../session/SessionGate';
import { useSession } from '../store/session';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageLoading } from './PageLoading';

/** Root of every route: the brand's colours (data-brand on <html>), the start-up guard and a loading state for lazy pages. */
export function AppLayout() {
  const sourceId = useSession((state) => state.sourceId);
  const look = brandFromSourceId(sourceId);
  useEffect(() => {
    // The brand's colours are design tokens (packages/ui/src/tokens.css, :root[data-brand='health']).
    document.documentElement.dataset.brand = look;
  }, [look]);
  return (
    <SessionGate>
      <Suspense fallback={<PageLoading />}>
        <KeepAliveOutlet />
      </Suspense>
    </SessionGate>
  );
}
