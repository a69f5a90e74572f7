import { routeDecision, skipsFollowCheck, skipsSignIn, REGISTER_PATH } from './routing';
import type { RouteDecision } from './routing';
import { ACCOUNT_MESSAGES } from './labels';
import { ACCOUNT_RECOVERY_MESSAGES, REGISTRATION_MESSAGES } from './labels';

/** Where the start-up flow stands for this page load. */
export type StartupPhase = 'pending' | 'failed' | 'done';

/** What the shell does with a navigation during start-up (spec 1 §2.1, §4). */
export type StartupDecision =
  | { readonly action: 'allow' }
  /** Sign-in (or the auth call) is still running: show a loader, decide when it ends. */
  | { readonly action: 'wait' }
  /** subscribe '0': the 提示 dialog without buttons; the flow stops. */
  | { readonly action: 'followPrompt' }
  /** Registration, or another page for an unregistered user (routeDecision). */
  | Extract<RouteDecision, { readonly action: 'redirect' }>;

/**
 * The start-up guard: share pages skip everything; a failed sign-in still lets the navigation go
 * on; subscribe '0' shows the follow prompt except on the pages that skip that check; then the
 * registration guard of {@link routeDecision}.
 */
export function startupDecision(input: {
  readonly address: string;
  readonly phase: StartupPhase;
  readonly subscribe?: string | number | null;
  readonly isAuth?: string | number | null;
}): StartupDecision {
  if (skipsSignIn(input.address) || input.phase === 'failed') {
    return { action: 'allow' };
  }
  if (input.phase === 'pending') {
    return { action: 'wait' };
  }
  if (String(input.subscribe) === '0' && !skipsFollowCheck(input.address)) {
    return { action: 'followPrompt' };
  }
  return routeDecision(input.address, input.isAuth);
}

/** Registration variant: A single form, B two steps. */
export type RegistrationVariant = 'A' | 'B';

/** A dictionary item as the API returns it. */
export type DictionaryOption = { readonly itemKey: string; readonly itemValue: string };

/**
 * Where the birth-date picker opens while no date is chosen. It is only the picker's starting
 * position: no birth date is filled in until the user confirms one.
 */
export const BIRTH_DATE_PICKER_START = '1972-01-01';

/** Pre-selected registration values. */
export type RegistrationDefaults = {
  readonly sex: string | null;
  readonly diabetesType: string | null;
  readonly bloodPressureType: string | null;
  readonly birthday: string | null;
};

/**
 * The pre-selected values of the registration form, in both variants: none. Sex, birth date,
 * diabetes type and hypertension type are medical answers, and the spec's "required" messages
 * (请选择性别, 出生日期不能为空, 糖尿病类型或高血压类型至少填一项) only make sense if the user gives
 * them; a pre-chosen "type 2 diabetes" or "not hypertensive" would be saved as if the user had said
 * so (issue 15 D).
 */
export const REGISTRATION_DEFAULTS: RegistrationDefaults = Object.freeze({
  sex: null,
  diabetesType: null,
  bloodPressureType: null,
  birthday: null,
});

/** What the registration page does with a failed call. */
export type RegistrationErrorAction =
  /** 10001: sign in again silently and go home. */
  | { readonly kind: 'reauthenticate' }
  /** 90000 in variant A: already registered, carry on to the wanted page. */
  | { readonly kind: 'alreadyRegistered' }
  /** 40900: the phone belongs to another account; offer to get that account back (issue 15 D). */
  | { readonly kind: 'offerRecovery'; readonly message: string }
  /** Anything else: show the message, clear the loader, re-enable the button. */
  | { readonly kind: 'message'; readonly message: string };

/** The registration error catalogue (spec 1 §4, §8). */
export function registrationErrorAction(
  code: number,
  errMsg: string | null | undefined,
  variant: RegistrationVariant,
): RegistrationErrorAction {
  switch (code) {
    case 10001:
      return { kind: 'reauthenticate' };
    case 10000:
      return { kind: 'message', message: ACCOUNT_MESSAGES.otherPhone };
    case 90001:
      return { kind: 'message', message: REGISTRATION_MESSAGES.codeWrong };
    case 40900:
      return { kind: 'offerRecovery', message: ACCOUNT_RECOVERY_MESSAGES.phoneTaken };
    case 90000:
      if (variant === 'A') {
        return { kind: 'alreadyRegistered' };
      }
      break;
  }
  const message = (errMsg ?? '').trim();
  return { kind: 'message', message: message === '' ? ACCOUNT_MESSAGES.requestError : message };
}

/**
 * Where registration leads on success (spec 1 §2.1, §2.5): with the isGoods flag, the stored
 * goods page; otherwise the address the guard remembered; otherwise home. Only in-app paths are
 * followed, so a stored value can never send the user to another site.
 */
export function registrationReturnTarget(input: {
  readonly wanted?: string | null;
  readonly isGoods?: boolean;
  readonly goodsPage?: string | null;
}): string {
  const inApp = (value: string | null | undefined): value is string =>
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith(REGISTER_PATH);
  if (input.isGoods && inApp(input.goodsPage)) {
    return input.goodsPage;
  }
  return inApp(input.wanted) ? input.wanted : '/';
}
