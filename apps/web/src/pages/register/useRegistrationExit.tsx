import { ACCOUNT_RECOVERY_MESSAGES, registrationErrorAction, registrationReturnTarget } from '@glucoguard/domain';
import type { RegistrationVariant } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { Dialog } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AfterSubmit } from '../../hooks/useSubmitGuard';
import { toast } from '../../ui/toast';
import { authenticate, reauthenticate } from '../../session/flow';
import { useSession } from '../../store/session';
import styles from './useRegistrationExit.module.css';

/** The page that gets an account back (issue 15 D). */
export const RECOVER_PATH = '/register/recover';

/** The phone and code a registration just tried, handed to the recovery page in the router state (never the address). */
export interface RecoveryAttempt {
  phone: string;
  validCode: string;
}

/** 该手机号已被其他微信号绑定, with the offer to get the account back in plain words. */
function offerRecovery(title: string, accept: () => void): void {
  void Dialog.confirm({
    title: <span className={styles.offerRecoveryText}>{title}</span>,
    content: <p className={styles.offerRecoveryText2}>{ACCOUNT_RECOVERY_MESSAGES.offerText}</p>,
    confirmText: <span className={styles.offerRecoveryText3}>{ACCOUNT_RECOVERY_MESSAGES.offerConfirm}</span>,
    cancelText: <span className={styles.offerRecoveryText3}>{ACCOUNT_RECOVERY_MESSAGES.offerCancel}</span>,
    onConfirm: accept,
  });
}

/** Whether the `isGoods` flag is set in the address (spec §2.5). */
function isGoodsFlag(params: URLSearchParams): boolean {
  const value = params.get('isGoods');
  return value !== null && value !== '0' && value !== 'false';
}

/**
 * How registration ends: refresh the session and go to the wanted page (or the goods page, or
 * home); on a failed call, act on the error code (spec §4, §8).
 */
export function useRegistrationExit(variant: RegistrationVariant) {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  /** After a successful registration: the session learns isAuth '1', then the page the user wanted. */
  const finish = useCallback(
    async (message: string | null): Promise<AfterSubmit> => {
      try {
        await authenticate();
      } catch {
        // The next navigation signs in again if it has to.
      }
      const session = useSession.getState();
      const target = registrationReturnTarget({
        wanted: session.wanted,
        isGoods: isGoodsFlag(params),
        goodsPage: session.goodsPage,
      });
      return () => {
        if (message !== null) {
          toast(message);
        }
        session.setWanted(null);
        void navigate(target, { replace: true });
      };
    },
    [navigate, params],
  );

  /**
   * A failed registration call. `attempt` is the phone and code just sent: when the phone belongs
   * to another account they let the user get that account back (RecoverAccountPage).
   */
  const fail = useCallback(
    async (error: unknown, attempt?: RecoveryAttempt): Promise<AfterSubmit> => {
      if (!isApiError(error)) {
        console.warn(error);
      }
      const action = isApiError(error)
        ? registrationErrorAction(error.code, error.errMsg, variant)
        : registrationErrorAction(-1, null, variant);
      switch (action.kind) {
        case 'reauthenticate':
          try {
            await reauthenticate();
          } catch {
            // Home opens anyway; the guard signs in again when it has to.
          }
          return () => void navigate('/', { replace: true });
        case 'alreadyRegistered':
          return finish(null);
        case 'offerRecovery':
          return () => offerRecovery(action.message, () => void navigate(RECOVER_PATH, { state: attempt ?? null }));
        case 'message':
          return () => toast(action.message);
      }
    },
    [finish, navigate, variant],
  );

  return { finish, fail };
}
