import { describe, expect, it } from 'vitest';
import {
  FOLLOW_ACTORS,
  FOLLOW_STATUSES,
  auditStatusOf,
  followTransition,
  friendStatistics,
  grantsAccess,
  isLiveFollow,
  type FollowAction,
  type FollowStatus,
} from './follow';

describe('followTransition', () => {
  // Every state × every action, so a new state or action cannot slip through untested.
  const table: [FollowStatus | null, FollowAction, ReturnType<typeof followTransition>][] = [
    [null, 'request', { ok: true, next: 'pending' }],
    ['pending', 'request', { ok: true, next: 'pending' }],
    ['accepted', 'request', { ok: false, reason: 'alreadyAdded' }],
    ['declined', 'request', { ok: true, next: 'pending' }],
    ['revoked', 'request', { ok: true, next: 'pending' }],
    ['left', 'request', { ok: true, next: 'pending' }],
    [null, 'accept', { ok: false, reason: 'notFound' }],
    ['pending', 'accept', { ok: true, next: 'accepted' }],
    ['accepted', 'accept', { ok: false, reason: 'alreadyHandled' }],
    ['declined', 'accept', { ok: false, reason: 'alreadyHandled' }],
    ['revoked', 'accept', { ok: false, reason: 'alreadyHandled' }],
    ['left', 'accept', { ok: false, reason: 'alreadyHandled' }],
    [null, 'decline', { ok: false, reason: 'notFound' }],
    ['pending', 'decline', { ok: true, next: 'declined' }],
    ['accepted', 'decline', { ok: false, reason: 'alreadyHandled' }],
    ['declined', 'decline', { ok: false, reason: 'alreadyHandled' }],
    ['revoked', 'decline', { ok: false, reason: 'alreadyHandled' }],
    ['left', 'decline', { ok: false, reason: 'alreadyHandled' }],
    [null, 'revoke', { ok: false, reason: 'notFound' }],
    ['pending', 'revoke', { ok: false, reason: 'alreadyHandled' }],
    ['accepted', 'revoke', { ok: true, next: 'revoked' }],
    ['declined', 'revoke', { ok: false, reason: 'alreadyHandled' }],
    ['revoked', 'revoke', { ok: false, reason: 'alreadyHandled' }],
    ['left', 'revoke', { ok: false, reason: 'alreadyHandled' }],
    [null, 'leave', { ok: false, reason: 'notFound' }],
    ['pending', 'leave', { ok: true, next: 'left' }],
    ['accepted', 'leave', { ok: true, next: 'left' }],
    ['declined', 'leave', { ok: false, reason: 'notFound' }],
    ['revoked', 'leave', { ok: false, reason: 'notFound' }],
    ['left', 'leave', { ok: false, reason: 'notFound' }],
  ];

  it('covers every state and action', () => {
    expect(table).toHaveLength((FOLLOW_STATUSES.length + 1) * Object.keys(FOLLOW_ACTORS).length);
  });

  it.each(table)('from %s, %s gives %j', (current, action, outcome) => {
    expect(followTransition(current, action)).toEqual(outcome);
  });

  it('lets the relative ask and leave, and the patient decide', () => {
    expect(FOLLOW_ACTORS).toEqual({
      request: 'follower',
      leave: 'follower',
      accept: 'patient',
      decline: 'patient',
      revoke: 'patient',
    });
  });
});

describe('follow states', () => {
  it.each([
    ['pending', false, true, 0],
    ['accepted', true, true, 1],
    ['declined', false, false, null],
    ['revoked', false, false, null],
    ['left', false, false, null],
    [null, false, false, null],
    [undefined, false, false, null],
  ] as const)('%s: grants %s, live %s, auditStatus %s', (status, grants, live, audit) => {
    expect(grantsAccess(status)).toBe(grants);
    expect(isLiveFollow(status)).toBe(live);
    expect(auditStatusOf(status)).toBe(audit);
  });
});

describe('friendStatistics', () => {
  it('counts the five levels and the total', () => {
    expect(friendStatistics(['high', 'seriousHigh', 'normal', 'normal', 'low', 'seriousLow', 'seriousHigh'])).toEqual({
      seriousHigh: 2,
      high: 1,
      normal: 2,
      low: 1,
      seriousLow: 1,
      total: 7,
    });
    expect(friendStatistics([])).toEqual({ seriousHigh: 0, high: 0, normal: 0, low: 0, seriousLow: 0, total: 0 });
  });
});
