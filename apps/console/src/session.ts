// The console's session: the staff token, when it ends, and who is signed in. Kept in localStorage so
// a reload or a second tab stays signed in for the session's 12 hours (STAFF_SESSION_HOURS); a 40100
// from any call or the end time passing signs out with 登录已过期，请重新登录
// (docs/adr/0121-console-session-in-the-browser.md).
import { useSyncExternalStore } from 'react';
import type { Schema } from '@glucoguard/sdk';

export type StaffMember = Schema<'StaffMember'>;

export interface ConsoleSession {
  token: string;
  expiresAt: string;
  staff: StaffMember;
  /** What the role may do (consoleMe); empty until the first answer. */
  permissions: readonly string[];
}

interface State {
  session: ConsoleSession | null;
  /** Why the last session ended, shown once on the sign-in page. */
  notice: string | null;
}

export const SESSION_EXPIRED = '登录已过期，请重新登录';
const STORAGE_KEY = 'gg.console.session';

function load(): ConsoleSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as ConsoleSession) : null;
    if (parsed && typeof parsed.token === 'string' && Date.parse(parsed.expiresAt) > Date.now()) {
      return parsed;
    }
  } catch {
    // A broken entry is a signed-out browser.
  }
  return null;
}

let state: State = { session: load(), notice: null };
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: State): void {
  state = next;
  try {
    if (next.session) {
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next.session));
    } else {
      globalThis.localStorage?.removeItem(STORAGE_KEY);
    }
  } catch {
    // Private mode without storage: the session lives in memory only.
  }
  scheduleExpiry();
  listeners.forEach((listener) => listener());
}

/** Ends the session at its end time, so an idle open console does not show stale data as signed in. */
function scheduleExpiry(): void {
  clearTimeout(expiryTimer);
  const session = state.session;
  if (session) {
    // setTimeout holds at most about 24.8 days; a session lasts hours.
    const left = Math.max(0, Date.parse(session.expiresAt) - Date.now());
    expiryTimer = setTimeout(() => sessionExpired(), left);
  }
}
scheduleExpiry();

export function currentToken(): string | null {
  return state.session?.token ?? null;
}

export function signedIn(session: ConsoleSession): void {
  set({ session, notice: null });
}

/** Replaces what is known of the signed-in staff member (after consoleMe or a password change). */
export function updateStaff(staff: StaffMember, permissions?: readonly string[]): void {
  if (state.session) {
    set({
      ...state,
      session: { ...state.session, staff, permissions: permissions ?? state.session.permissions },
    });
  }
}

export function signedOut(notice: string | null = null): void {
  set({ session: null, notice });
}

/** The server no longer knows the token (expired, revoked, account disabled), or its time is up. */
export function sessionExpired(): void {
  if (state.session) {
    signedOut(SESSION_EXPIRED);
  }
}

export function clearNotice(): void {
  if (state.notice) {
    set({ ...state, notice: null });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The console's session state; re-renders on sign-in, sign-out and expiry. */
export function useConsoleSession(): State {
  return useSyncExternalStore(subscribe, () => state);
}
