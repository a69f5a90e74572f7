import { create } from 'zustand';
import { DEFAULT_SOURCE_ID, parseSourceId } from '../brand';
import type { SourceId } from '../brand';

/** The customer fields the shell reads (spec §3 Customer); filled by the sign-in issue. */
export interface SessionCustomer {
  cid: string;
  nickname: string;
  headimgurl: string | null;
  /** 1 male, 2 female, 0 unknown. */
  sex: 0 | 1 | 2;
  /** 1 registered customer, 0 visitor. */
  userType: 0 | 1;
  /** Profile completion in percent. */
  ratio: number;
}

export interface SessionState {
  token: string | null;
  sourceId: SourceId;
  customer: SessionCustomer | null;
  setToken: (token: string | null) => void;
  setCustomer: (customer: SessionCustomer | null) => void;
  signOut: () => void;
}

export const SOURCE_ID_STORAGE_KEY = 'glucoguard.sourceId';

function safeSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be blocked (private mode, sandboxed web views).
    return null;
  }
}

function readStored(storage: Storage | null): string | null {
  try {
    return storage?.getItem(SOURCE_ID_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The source id of this visit: the `sourceId` query parameter when it holds a known id (and
 * then remembered for the tab's session), otherwise the remembered one, otherwise 4.
 */
export function resolveSourceId(search: string, storage: Storage | null): SourceId {
  const fromUrl = parseSourceId(new URLSearchParams(search).get('sourceId'));
  if (fromUrl !== null) {
    try {
      storage?.setItem(SOURCE_ID_STORAGE_KEY, String(fromUrl));
    } catch {
      // Quota or blocked storage: the id still applies to this page load.
    }
    return fromUrl;
  }
  return parseSourceId(readStored(storage)) ?? DEFAULT_SOURCE_ID;
}

export const useSession = create<SessionState>()((set) => ({
  token: null,
  sourceId: resolveSourceId(typeof window === 'undefined' ? '' : window.location.search, safeSessionStorage()),
  customer: null,
  setToken: (token) => set({ token }),
  setCustomer: (customer) => set({ customer }),
  signOut: () => set({ token: null, customer: null }),
}));

/** Registered customers (userType 1) may use gated features such as the invitation page. */
export function isRegistered(customer: SessionCustomer | null): boolean {
  return customer?.userType === 1;
}
