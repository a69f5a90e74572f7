import { autoCancelRemainingMs, type OrderState } from '@glucoguard/domain';
import { useEffect, useRef, useState } from 'react';

/** How long after reaching zero a still-pending order asks again (the server's job cancels it). */
export const ZERO_RECHECK_MS = 3000;

/**
 * The time left before an unpaid online order is cancelled (spec 3 §4), ticking each second, or
 * null when the order does not count down. At zero `onZero` runs once so the page reloads; the
 * cancel itself is the server's job. An order that is still pending when it arrives at zero (the
 * job has not run yet) asks again once after {@link ZERO_RECHECK_MS}.
 */
export function useAutoCancelCountdown(order: OrderState | null, onZero: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const remaining = order ? autoCancelRemainingMs(order, now) : null;
  const ticking = remaining !== null && remaining > 0;
  useEffect(() => {
    if (!ticking) {
      return undefined;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);

  const latest = useRef(onZero);
  latest.current = onZero;
  const counted = useRef(false);
  if (ticking) {
    counted.current = true;
  }
  const atZero = remaining === 0;
  useEffect(() => {
    if (!atZero) {
      return undefined;
    }
    // Reached zero on screen: reload at once. Pending at zero from the start: ask again shortly.
    const timer = setTimeout(() => latest.current(), counted.current ? 0 : ZERO_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [atZero]);
  return remaining;
}
