import { create } from 'zustand';

/** Unread message count shown on the mine tab; the messaging issue keeps it up to date. */
export interface UnreadState {
  unread: number;
  setUnread: (count: number) => void;
}

export const useUnread = create<UnreadState>()((set) => ({
  unread: 0,
  setUnread: (count) => set({ unread: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0 }),
}));
