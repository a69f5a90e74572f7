import type { StartupPhase } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { create } from 'zustand';
import { DEFAULT_SOURCE_ID, parseSourceId } from '../brand';
import type { SourceId } from '../brand';

/** The customer as the API shows it (spec §3 Customer, `customerVo`). */
export type SessionCustomer = Schema<'CustomerVo'>;

/** What sign-in returned about the messaging-app (or local) identity. */
export interface SessionIdentity {
  openid: string;
  unionid: string | null;
  nickname: string;
  headimgurl: string;
  sex: 0 | 1 | 2;
}

/** The part of the session kept on the device between visits (the token is a bearer credential). */
export interface StoredSession {
  token: string;
  expiresAt: string;
  /** When to renew silently, in ms since the epoch. */
  renewAt: number;
  identity: SessionIdentity;
  imgDomain: string;
}

export interface SessionState {
  sourceId: SourceId;
  token: string | null;
  expiresAt: string | null;
  renewAt: number | null;
  identity: SessionIdentity | null;
  imgDomain: string;
  /** Where the start-up flow stands (spec §4): pending until sign-in and auth end. */
  phase: StartupPhase;
  /** '0' means the user must follow the official account first. */
  subscribe: '0' | '1' | null;
  /** '1' means registered. */
  isAuth: '0' | '1' | null;
  customerId: string | null;
  customer: SessionCustomer | null;
  /** Profile completion in percent, one decimal (getCurrent with ratio=yes). */
  ratio: number | null;
  thirdAuthCode: number | null;
  /** The address an unregistered user wanted, restored after registering. */
  wanted: string | null;
  /** The goods page to return to after registering with `isGoods` (spec §2.5). */
  goodsPage: string | null;
  setSignedIn: (stored: StoredSession) => void;
  setToken: (token: string, expiresAt: string, renewAt: number) => void;
  setCustomer: (customer: SessionCustomer | null, ratio?: number | null) => void;
  setWanted: (address: string | null) => void;
  setGoodsPage: (address: string | null) => void;
  signOut: () => void;
}

export const SOURCE_ID_STORAGE_KEY = 'glucoguard.sourceId';
export const SESSION_STORAGE_KEY = 'glucoguard.session';
export const WANTED_STORAGE_KEY = 'glucoguard.wanted';
export const GOODS_PAGE_STORAGE_KEY = 'glucoguard.goodsPage';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    // Storage can be blocked (private mode, sandboxed web views).
    return null;
  }
}

function read(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) {
      store?.removeItem(key);
    } else {
      store?.setItem(key, value);
    }
  } catch {
    // Quota or blocked storage: the value still applies to this page load.
  }
}

/**
 * The source id of this visit: the `sourceId` query parameter when it holds a known id (and
 * then remembered for the tab's session), otherwise the remembered one, otherwise 4.
 */
export function resolveSourceId(search: string, store: Storage | null): SourceId {
  const fromUrl = parseSourceId(new URLSearchParams(search).get('sourceId'));
  if (fromUrl !== null) {
    write(store, SOURCE_ID_STORAGE_KEY, String(fromUrl));
    return fromUrl;
  }
  return parseSourceId(read(store, SOURCE_ID_STORAGE_KEY)) ?? DEFAULT_SOURCE_ID;
}

/** The stored session, when it is well-formed and not expired. */
export function readStoredSession(store: Storage | null, now: number): StoredSession | null {
  const raw = read(store, SESSION_STORAGE_KEY);
  if (raw === null) {
    return null;
  }
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    const expires = typeof value.expiresAt === 'string' ? Date.parse(value.expiresAt) : NaN;
    if (
      typeof value.token !== 'string' ||
      !(expires > now) ||
      typeof value.renewAt !== 'number' ||
      typeof value.identity?.openid !== 'string'
    ) {
      return null;
    }
    return {
      token: value.token,
      expiresAt: value.expiresAt as string,
      renewAt: value.renewAt,
      identity: value.identity,
      imgDomain: value.imgDomain ?? '',
    };
  } catch {
    return null;
  }
}

function persist(state: Pick<SessionState, 'token' | 'expiresAt' | 'renewAt' | 'identity' | 'imgDomain'>): void {
  const { token, expiresAt, renewAt, identity, imgDomain } = state;
  write(
    storage('localStorage'),
    SESSION_STORAGE_KEY,
    token === null || expiresAt === null || renewAt === null || identity === null
      ? null
      : JSON.stringify({ token, expiresAt, renewAt, identity, imgDomain }),
  );
}

const initialStored = readStoredSession(storage('localStorage'), Date.now());

export const useSession = create<SessionState>()((set, get) => ({
  sourceId: resolveSourceId(typeof window === 'undefined' ? '' : window.location.search, storage('sessionStorage')),
  token: initialStored?.token ?? null,
  expiresAt: initialStored?.expiresAt ?? null,
  renewAt: initialStored?.renewAt ?? null,
  identity: initialStored?.identity ?? null,
  imgDomain: initialStored?.imgDomain ?? '',
  phase: 'pending',
  subscribe: null,
  isAuth: null,
  customerId: null,
  customer: null,
  ratio: null,
  thirdAuthCode: null,
  wanted: read(storage('sessionStorage'), WANTED_STORAGE_KEY),
  goodsPage: read(storage('sessionStorage'), GOODS_PAGE_STORAGE_KEY),
  setSignedIn: (stored) => {
    set({ ...stored });
    persist(get());
  },
  setToken: (token, expiresAt, renewAt) => {
    set({ token, expiresAt, renewAt });
    persist(get());
  },
  setCustomer: (customer, ratio) =>
    set(
      ratio === undefined
        ? { customer, thirdAuthCode: customer?.thirdAuthCode ?? null }
        : { customer, ratio, thirdAuthCode: customer?.thirdAuthCode ?? null },
    ),
  setWanted: (wanted) => {
    write(storage('sessionStorage'), WANTED_STORAGE_KEY, wanted);
    set({ wanted });
  },
  setGoodsPage: (goodsPage) => {
    write(storage('sessionStorage'), GOODS_PAGE_STORAGE_KEY, goodsPage);
    set({ goodsPage });
  },
  signOut: () => {
    set({
      token: null,
      expiresAt: null,
      renewAt: null,
      identity: null,
      customer: null,
      customerId: null,
      isAuth: null,
      subscribe: null,
      ratio: null,
      thirdAuthCode: null,
    });
    persist(get());
  },
}));

/** Registered customers (userType 1) may use gated features such as the invitation page. */
export function isRegistered(customer: Pick<SessionCustomer, 'userType'> | null): boolean {
  return customer?.userType === 1;
}

/** A stored image path with the image domain in front; absolute addresses are kept as they are. */
export function imageUrl(path: string | null | undefined, imgDomain: string): string | null {
  if (path === null || path === undefined || path === '') {
    return null;
  }
  return /^(?:https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:')
    ? path
    : `${imgDomain}${path}`;
}
