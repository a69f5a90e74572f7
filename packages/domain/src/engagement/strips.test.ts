import { describe, expect, it } from 'vitest';
import {
  INVITATION_CLAIM_HOURS,
  INVITATION_REVOKE_DAYS,
  STRIP_REASONS,
  STRIP_REASON_TEXTS,
  invitationClaimable,
  invitationRevocable,
  invitedDisplayName,
  stripsToRevoke,
} from './strips';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 3600 * 1000;

describe('invitationRevocable', () => {
  const registered = at('2026-11-20T02:00:00Z');
  it.each([
    [0, true],
    [DAY, true],
    [INVITATION_REVOKE_DAYS * DAY - 1, true],
    [INVITATION_REVOKE_DAYS * DAY, false],
    [30 * DAY, false],
    [-1, false],
  ])('an account closed %i ms after registering → %s', (elapsed, expected) => {
    expect(invitationRevocable(registered, new Date(registered.getTime() + elapsed))).toBe(expected);
  });
});

describe('invitationClaimable', () => {
  const registered = at('2026-11-20T02:00:00Z');
  it.each([
    [0, true],
    [INVITATION_CLAIM_HOURS * 3600 * 1000, true],
    [INVITATION_CLAIM_HOURS * 3600 * 1000 + 1, false],
    [-1, false],
  ])('a code entered %i ms after registering → %s', (elapsed, expected) => {
    expect(invitationClaimable(registered, new Date(registered.getTime() + elapsed))).toBe(expected);
  });
});

describe('stripsToRevoke', () => {
  it.each([
    [20, 5],
    [5, 5],
    [3, 3],
    [0, 0],
    [-2, 0],
  ])('with a balance of %i takes back %i', (balance, taken) => {
    expect(stripsToRevoke(balance)).toBe(taken);
  });
});

describe('strip reasons', () => {
  it('has a Chinese text for every reason', () => {
    for (const reason of STRIP_REASONS) {
      expect(STRIP_REASON_TEXTS[reason]).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('masks the invited name', () => {
    expect(invitedDisplayName('张三')).toBe('张*');
    expect(invitedDisplayName('李')).toBe('*');
  });
});
