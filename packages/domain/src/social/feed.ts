/** A feed post's `type`: 0 blood pressure, anything else blood sugar. */
export function feedPostKind(type: number | string): 'bloodPressure' | 'bloodSugar' {
  return Number(type) === 0 ? 'bloodPressure' : 'bloodSugar';
}

/** An unread message's `commentType`: 0 like, 1 comment, anything else a reply. */
export function unreadMessageKind(commentType: number | string): 'like' | 'comment' | 'reply' {
  const code = Number(commentType);
  if (code === 0) {
    return 'like';
  }
  return code === 1 ? 'comment' : 'reply';
}

/** `diabetesType`: 1 healthy, 2 type I, 3 type II, any other value gestational; empty is unknown. */
export function diabetesTypeKind(
  diabetesType: number | string | null | undefined,
): 'healthy' | 'type1' | 'type2' | 'gestational' | 'unknown' {
  if (diabetesType === null || diabetesType === undefined || String(diabetesType).trim() === '') {
    return 'unknown';
  }
  switch (Number(diabetesType)) {
    case 1:
      return 'healthy';
    case 2:
      return 'type1';
    case 3:
      return 'type2';
    default:
      return 'gestational';
  }
}

/** A user edits only their own posts. */
export function canEditPost(post: { readonly customerId: string | number }, userId: string | number): boolean {
  return String(post.customerId) === String(userId);
}

/** A user cannot reply to their own comment. */
export function canReplyToComment(comment: { readonly customerId: string | number }, userId: string | number): boolean {
  return String(comment.customerId) !== String(userId);
}

/** The feed's unread badge shows only on the plain feed, not when opened for a given `dateTime`. */
export function showsFeedUnreadBadge(query: { readonly dateTime?: string | null }): boolean {
  return query.dateTime === undefined || query.dateTime === null || query.dateTime === '';
}

/** What a feed post shows: a blood-glucose or a blood-pressure reading. */
export type FeedPostKind = 'bloodSugar' | 'bloodPressure';

/** The spec's post `type` of a kind: 0 blood pressure, 1 blood sugar. */
export function feedPostType(kind: FeedPostKind): 0 | 1 {
  return kind === 'bloodPressure' ? 0 : 1;
}

// Glucose and pressure readings are numbered separately, so a post's id carries its kind:
// `s` + the glucose reading's id, `b` + the pressure reading's id.
const POST_ID = /^([sb])([1-9]\d{0,17})$/;

/** A feed post's `testId`: the reading's kind and id in one string (`s12`, `b7`). */
export function feedPostId(kind: FeedPostKind, readingId: string | number): string {
  return `${kind === 'bloodPressure' ? 'b' : 's'}${readingId}`;
}

/** Reads a post's `testId` back; `null` for anything that is not one. */
export function parseFeedPostId(
  testId: string | null | undefined,
): { readonly kind: FeedPostKind; readonly readingId: string } | null {
  const match = POST_ID.exec(testId ?? '');
  if (!match) {
    return null;
  }
  return { kind: match[1] === 'b' ? 'bloodPressure' : 'bloodSugar', readingId: match[2] as string };
}

/** The unread-message kinds by the spec's `commentType`: 0 like, 1 comment, 2 reply. */
export const FEED_MESSAGE_TYPES = { like: 0, comment: 1, reply: 2 } as const;

/**
 * Who is told about a like, comment or reply, and as what: the post's owner (a like or a
 * comment on their post; a reply under it counts as a comment for them) and, for a reply, the
 * author of the comment replied to. Nobody is told about their own action, and nobody twice.
 */
export function feedMessageRecipients(input: {
  readonly action: 'like' | 'comment';
  readonly actorId: string;
  readonly postOwnerId: string;
  /** The author of the comment being replied to, when the comment is a reply. */
  readonly repliedToId?: string | null;
}): { readonly recipientId: string; readonly commentType: 0 | 1 | 2 }[] {
  const out: { recipientId: string; commentType: 0 | 1 | 2 }[] = [];
  const replied = input.action === 'comment' ? (input.repliedToId ?? null) : null;
  if (replied !== null && replied !== input.actorId) {
    out.push({ recipientId: replied, commentType: FEED_MESSAGE_TYPES.reply });
  }
  if (input.postOwnerId !== input.actorId && input.postOwnerId !== replied) {
    out.push({
      recipientId: input.postOwnerId,
      commentType: input.action === 'like' ? FEED_MESSAGE_TYPES.like : FEED_MESSAGE_TYPES.comment,
    });
  }
  return out;
}
