import { describe, expect, it } from 'vitest';
import {
  canEditPost,
  canReplyToComment,
  diabetesTypeKind,
  feedMessageRecipients,
  feedPostId,
  feedPostKind,
  feedPostType,
  parseFeedPostId,
  showsFeedUnreadBadge,
  unreadMessageKind,
} from './feed';

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
});

describe('feed post ids', () => {
  it.each([
    ['bloodSugar', '12', 's12', 1],
    ['bloodPressure', 7, 'b7', 0],
  ] as const)('%s reading %s is post %s of type %i', (kind, id, testId, type) => {
    expect(feedPostId(kind, id)).toBe(testId);
    expect(parseFeedPostId(testId)).toEqual({ kind, readingId: String(id) });
    expect(feedPostType(kind)).toBe(type);
    expect(feedPostKind(type)).toBe(kind);
  });

  it.each(['', '12', 's', 's0', 'x12', 's12a', 's1234567890123456789', null, undefined])('refuses %j', (testId) => {
    expect(parseFeedPostId(testId)).toBeNull();
  });
});

describe('feedMessageRecipients', () => {
  it.each([
    [
      'a like tells the owner',
      { action: 'like', actorId: 'b', postOwnerId: 'p' },
      [{ recipientId: 'p', commentType: 0 }],
    ],
    ["liking one's own post tells nobody", { action: 'like', actorId: 'p', postOwnerId: 'p' }, []],
    [
      'a comment tells the owner',
      { action: 'comment', actorId: 'b', postOwnerId: 'p' },
      [{ recipientId: 'p', commentType: 1 }],
    ],
    [
      "commenting on one's own post tells nobody",
      { action: 'comment', actorId: 'p', postOwnerId: 'p', repliedToId: null },
      [],
    ],
    [
      "a reply tells the comment's author and the owner",
      { action: 'comment', actorId: 'b', postOwnerId: 'p', repliedToId: 'c' },
      [
        { recipientId: 'c', commentType: 2 },
        { recipientId: 'p', commentType: 1 },
      ],
    ],
    [
      'a reply to the owner tells the owner once, as a reply',
      { action: 'comment', actorId: 'b', postOwnerId: 'p', repliedToId: 'p' },
      [{ recipientId: 'p', commentType: 2 }],
    ],
    [
      "the owner replying tells the comment's author",
      { action: 'comment', actorId: 'p', postOwnerId: 'p', repliedToId: 'b' },
      [{ recipientId: 'b', commentType: 2 }],
    ],
    [
      'replying to oneself tells the owner only',
      { action: 'comment', actorId: 'b', postOwnerId: 'p', repliedToId: 'b' },
      [{ recipientId: 'p', commentType: 1 }],
    ],
    [
      'a like ignores a reply target',
      { action: 'like', actorId: 'b', postOwnerId: 'p', repliedToId: 'c' },
      [{ recipientId: 'p', commentType: 0 }],
    ],
  ] as const)('%s', (_name, input, recipients) => {
    expect(feedMessageRecipients(input)).toEqual(recipients);
  });
});
