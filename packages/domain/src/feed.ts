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
export function diabetesTypeKind(diabetesType: number | string | null | undefined): 'healthy' | 'type1' | 'type2' | 'gestational' | 'unknown' {
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

/** Whether a record with a device identifier is read-only (device readings cannot be edited). */
export function isDeviceRecord(record: { readonly deviceImei?: string | null }): boolean {
  return typeof record.deviceImei === 'string' && record.deviceImei.trim() !== '';
}

/**
 * The owner fields of a sugar reading: a reading for a followed person carries `followerId` and
 * `testType` '2'; one's own reading carries neither.
 */
export function sugarOwnerFields(followerId: string | number | null | undefined): { readonly followerId?: string; readonly testType?: '2' } {
  return followerId === null || followerId === undefined || String(followerId) === '' ? {} : { followerId: String(followerId), testType: '2' };
}
