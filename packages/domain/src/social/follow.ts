/*
 * Following a patient (亲友): a relative asks, the patient decides. Health data is sensitive
 * personal information, so a relative sees a patient's readings, the feed posts and the
 * notices, and may record for them, only while the patient's own consent (an accepted follow)
 * stands. The patient can take it back at any time; the relative can leave at any time.
 */
import type { SugarLevel } from '../glucose/sugar';

/**
 * The states of one follow, from the relative (follower) to the patient:
 * `pending` asked and waiting, `accepted` the patient agreed (the grant), `declined` the patient
 * said no, `revoked` the patient took an accepted grant back, `left` the relative withdrew the
 * request or stopped following.
 */
export const FOLLOW_STATUSES = ['pending', 'accepted', 'declined', 'revoked', 'left'] as const;
/** A follow's state. */
export type FollowStatus = (typeof FOLLOW_STATUSES)[number];

/** What someone does to a follow: the relative asks or leaves, the patient accepts, declines or revokes. */
export type FollowAction = 'request' | 'accept' | 'decline' | 'revoke' | 'leave';

/** Who may take an action: the relative (follower) or the patient (the one followed). */
export const FOLLOW_ACTORS: Readonly<Record<FollowAction, 'follower' | 'patient'>> = Object.freeze({
  request: 'follower',
  leave: 'follower',
  accept: 'patient',
  decline: 'patient',
  revoke: 'patient',
});

/** The outcome of an action on a follow: the next state, or why it is refused. */
export type FollowTransition =
  | { readonly ok: true; readonly next: FollowStatus }
  | { readonly ok: false; readonly reason: 'alreadyAdded' | 'alreadyHandled' | 'notFound' };

/**
 * The follow state machine. `null` is "no follow yet". A relative may ask again while pending
 * (the search shows 已发送, still clickable) and after a decline, revoke or leave; asking once
 * accepted is refused (已添加). The patient decides only pending requests and revokes only
 * accepted ones; the relative may leave a pending or accepted follow.
 */
export function followTransition(current: FollowStatus | null, action: FollowAction): FollowTransition {
  switch (action) {
    case 'request':
      return current === 'accepted' ? { ok: false, reason: 'alreadyAdded' } : { ok: true, next: 'pending' };
    case 'accept':
    case 'decline':
      if (current === null) {
        return { ok: false, reason: 'notFound' };
      }
      return current === 'pending'
        ? { ok: true, next: action === 'accept' ? 'accepted' : 'declined' }
        : { ok: false, reason: 'alreadyHandled' };
    case 'revoke':
      if (current === null) {
        return { ok: false, reason: 'notFound' };
      }
      return current === 'accepted' ? { ok: true, next: 'revoked' } : { ok: false, reason: 'alreadyHandled' };
    case 'leave':
      return current === 'pending' || current === 'accepted'
        ? { ok: true, next: 'left' }
        : { ok: false, reason: 'notFound' };
  }
}

/** Whether a follow in this state lets the relative see the patient's data and record for them. */
export function grantsAccess(status: FollowStatus | null | undefined): boolean {
  return status === 'accepted';
}

/** Whether the relative still sees the follow in their list (waiting or accepted). */
export function isLiveFollow(status: FollowStatus | null | undefined): boolean {
  return status === 'pending' || status === 'accepted';
}

/**
 * The spec's `auditStatus` of a follow as the relative sees it: 0 pending (已发送), 1 accepted
 * (已添加), `null` for no live follow (添加). A decline is not told apart from no follow at all.
 */
export function auditStatusOf(status: FollowStatus | null | undefined): 0 | 1 | null {
  if (status === 'accepted') {
    return 1;
  }
  return status === 'pending' ? 0 : null;
}

/** The friend statistics: the five levels (spec 2 §9) and the total. */
export type FriendStatistics = Readonly<Record<SugarLevel | 'total', number>>;

/** Counts readings by their five-level classification (spec: queryIFocusStat). */
export function friendStatistics(levels: readonly SugarLevel[]): FriendStatistics {
  const counts: Record<SugarLevel | 'total', number> = {
    seriousLow: 0,
    low: 0,
    normal: 0,
    high: 0,
    seriousHigh: 0,
    total: levels.length,
  };
  for (const level of levels) {
    counts[level] += 1;
  }
  return counts;
}
