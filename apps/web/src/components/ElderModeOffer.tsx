import { isElderByBirthYear } from '@glucoguard/domain';
import { Suspense, lazy } from 'react';
import { useElderMode } from '../store/elderMode';
import { useSession } from '../store/session';

// The dialog (antd-mobile's Dialog and its animation library) is fetched only for a user it is offered to.
const ElderModeOfferDialog = lazy(() => import(/* webpackChunkName: "elder-mode-offer" */ './ElderModeOfferDialog'));

/**
 * The one-time offer of 长辈模式 (ADR 0041): shown to a signed-in user whose birth year makes them
 * 60 or older (the domain's isElderByBirthYear), as long as nobody has chosen on this device yet,
 * in the offer or in 设置. Either answer is remembered, so it never comes back.
 */
export function ElderModeOffer({ now = Date.now }: { now?: () => number }) {
  const birthday = useSession((state) => (state.isAuth === '1' ? (state.customer?.birthday ?? null) : null));
  const chosen = useElderMode((state) => state.chosen);
  const choose = useElderMode((state) => state.choose);
  if (chosen || !isElderByBirthYear(birthday, now())) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ElderModeOfferDialog onChoose={choose} />
    </Suspense>
  );
}
