import { describe, expect, it } from 'vitest';
import { canEditPost, canReplyToComment, diabetesTypeKind, feedPostKind, isDeviceRecord, showsFeedUnreadBadge, sugarOwnerFields, unreadMessageKind } from './feed';

describe('feed codes', () => {
  it.each([
    [0, 'bloodPressure'],
    ['1', 'bloodSugar'],
    [2, 'bloodSugar'],
  ] as const)('reads post type %j as %s', (type, kind) => {
    expect(feedPostKind(type)).toBe(kind);
  });

  it.each([
    [0, 'like'],
    [1, 'comment'],
    [2, 'reply'],
  ] as const)('reads commentType %i as %s', (type, kind) => {
    expect(unreadMessageKind(type)).toBe(kind);
  });

  it.each([
    [1, 'healthy'],
    [2, 'type1'],
    ['3', 'type2'],
    [4, 'gestational'],
    ['', 'unknown'],
    [null, 'unknown'],
  ] as const)('reads diabetesType %j as %s', (code, kind) => {
    expect(diabetesTypeKind(code)).toBe(kind);
  });
});

describe('feed permissions', () => {
  it('lets users edit only their own posts and not reply to themselves', () => {
    expect(canEditPost({ customerId: 7 }, '7')).toBe(true);
    expect(canEditPost({ customerId: 7 }, 8)).toBe(false);
    expect(canReplyToComment({ customerId: 7 }, 7)).toBe(false);
    expect(canReplyToComment({ customerId: 7 }, 8)).toBe(true);
  });

  it('shows the unread badge only without a dateTime query', () => {
    expect(showsFeedUnreadBadge({})).toBe(true);
    expect(showsFeedUnreadBadge({ dateTime: '2026-02-01' })).toBe(false);
  });

  it('makes device records read-only', () => {
    expect(isDeviceRecord({ deviceImei: '8612' })).toBe(true);
    expect(isDeviceRecord({ deviceImei: ' ' })).toBe(false);
    expect(isDeviceRecord({})).toBe(false);
  });

  it('marks readings for a followed person with followerId and testType 2', () => {
    expect(sugarOwnerFields(12)).toEqual({ followerId: '12', testType: '2' });
    expect(sugarOwnerFields(null)).toEqual({});
  });
});
