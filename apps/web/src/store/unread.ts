import type { Schema } from '@glucoguard/sdk';
import { create } from 'zustand';

/** What waits for the user: the mine tab's badge and the newest follow request (home shows it). */
export interface UnreadState {
  /** The badge's number: unread notices, pending follow requests and unread chat messages (GET /notice/v1/getBadgeCount). */
  unread: number;
  /** Of those, the unread notices, the follow requests waiting and the unread chat messages (mine shows each by its entry). */
  notices: number;
  followRequests: number;
  chats: number;
  /** The newest follow request waiting for the user's decision, or null. */
  followRequest: Schema<'Follower'> | null;
  setUnread: (count: number) => void;
  /** Takes the server's badge answer (or null for a visitor, who has nothing waiting). */
  setBadge: (badge: Schema<'UnreadBadge'> | null) => void;
}

const count = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

export const useUnread = create<UnreadState>()((set) => ({
  unread: 0,
  notices: 0,
  followRequests: 0,
  chats: 0,
  followRequest: null,
  setUnread: (value) => set({ unread: count(value) }),
  setBadge: (badge) =>
    set({
      unread: count(badge?.total ?? 0),
      notices: count(badge?.notices ?? 0),
      followRequests: count(badge?.followRequests ?? 0),
      chats: count(badge?.chats ?? 0),
      followRequest: badge?.followRequest ?? null,
    }),
}));
