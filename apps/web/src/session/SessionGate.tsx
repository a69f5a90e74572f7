import { skipsSignIn, startupDecision } from '@glucoguard/domain';
import { Suspense, lazy, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useDeviceKeySwitch } from '../store/deviceKeySwitch';
import { useSession } from '../store/session';
import { startSession, startupSettled } from './flow';

// The two prompts are rare and use antd-mobile's Dialog: their code comes when one is shown, not
// with the start-up bundle (docs/adr/0135-first-route-without-animation-libraries.md).
const DeviceKeySwitchPrompt = lazy(() =>
  import(/* webpackChunkName: "device-key-switch" */ './DeviceKeySwitchPrompt').then((module) => ({
    default: module.DeviceKeySwitchPrompt,
  })),
);
const FollowPrompt = lazy(() => import(/* webpackChunkName: "follow-prompt" */ './FollowPrompt'));

/**
 * The route guard of spec 1 §2.1 and §4 around every page: share pages open without sign-in;
 * others wait for sign-in and auth, then show the follow prompt when subscribe is '0' (except on
 * the pages that skip it), send unregistered users off the whitelist to registration by replace
 * (remembering the wanted address), and open after a failed sign-in anyway. A `?deviceKey=` link
 * for another account is answered first (DeviceKeySwitchPrompt).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const phase = useSession((state) => state.phase);
  const subscribe = useSession((state) => state.subscribe);
  const isAuth = useSession((state) => state.isAuth);
  // A `?deviceKey=` link for another account waits for the user's answer before anything signs in.
  const pendingKey = useDeviceKeySwitch((state) => state.pending);
  const address = `${location.pathname}${location.search}${location.hash}`;
  const needsSignIn = !skipsSignIn(address);
  const decision = startupDecision({ address, phase, subscribe, isAuth });

  const holding = needsSignIn && pendingKey !== null;
  useEffect(() => {
    if (needsSignIn && !holding) {
      void startSession();
    }
  }, [needsSignIn, holding]);

  const redirectTo = decision.action === 'redirect' ? decision.to : null;
  const returnTo = decision.action === 'redirect' ? decision.returnTo : null;
  useEffect(() => {
    if (redirectTo !== null && returnTo !== null) {
      useSession.getState().setWanted(returnTo);
      void navigate(redirectTo, { replace: true });
    }
  }, [redirectTo, returnTo, navigate]);

  if (holding) {
    return (
      <Suspense fallback={null}>
        <DeviceKeySwitchPrompt deviceKey={pendingKey} />
      </Suspense>
    );
  }
  switch (decision.action) {
    case 'allow':
      return children;
    case 'followPrompt':
      return (
        <Suspense fallback={null}>
          <FollowPrompt />
        </Suspense>
      );
    case 'redirect':
    case 'wait':
      // Nothing during the first start-up: #root stays empty, so index.html's skeleton stays on screen
      // (its CSS hides it once #root has content) instead of a spinner between skeleton and page.
      return startupSettled() ? <PageLoading /> : null;
  }
}
