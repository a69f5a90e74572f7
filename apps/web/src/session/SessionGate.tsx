import { FOLLOW_PROMPT, skipsSignIn, startupDecision } from '@glucoguard/domain';
import { Dialog } from 'antd-mobile';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useDeviceKeySwitch } from '../store/deviceKeySwitch';
import { useSession } from '../store/session';
import { DeviceKeySwitchPrompt } from './DeviceKeySwitchPrompt';
import { startSession, startupSettled } from './flow';

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
    return <DeviceKeySwitchPrompt deviceKey={pendingKey} />;
  }
  switch (decision.action) {
    case 'allow':
      return children;
    case 'followPrompt':
      return (
        <Dialog
          visible
          title={FOLLOW_PROMPT.title}
          content={FOLLOW_PROMPT.content}
          actions={[]}
          closeOnMaskClick={false}
        />
      );
    case 'redirect':
    case 'wait':
      // Nothing during the first start-up: #root stays empty, so index.html's skeleton stays on screen
      // (its CSS hides it once #root has content) instead of a spinner between skeleton and page.
      return startupSettled() ? <PageLoading /> : null;
  }
}
