/** What deleting a reading would do: `allowed`, `gone` (missing or not the caller's), or `meter` (read-only). */
export type ReadingDeletion = 'allowed' | 'gone' | 'meter';

/**
 * Whether `callerId` may delete `reading`. Only the reading's owner may: a relative who recorded it
 * for them, or who may view it, gets the same `gone` as for a reading that does not exist, so the
 * answer tells nobody else that it is there. A meter's reading is never deleted.
 */
export function readingDeletion(
  reading: { readonly customerId: string; readonly deviceImei?: string | null } | null | undefined,
  callerId: string,
): ReadingDeletion {
  if (!reading || reading.customerId !== callerId) {
    return 'gone';
  }
  return isDeviceRecord(reading) ? 'meter' : 'allowed';
}

/** Whether a record with a device identifier is read-only (device readings cannot be edited). */
export function isDeviceRecord(record: { readonly deviceImei?: string | null }): boolean {
  return typeof record.deviceImei === 'string' && record.deviceImei.trim() !== '';
}

/**
 * The owner fields of a sugar reading: a reading for a followed person carries `followerId` and
 * `testType` '2'; one's own reading carries neither.
 */
export function sugarOwnerFields(followerId: string | number | null | undefined): {
  readonly followerId?: string;
  readonly testType?: '2';
} {
  return followerId === null || followerId === undefined || String(followerId) === ''
    ? {}
    : { followerId: String(followerId), testType: '2' };
}
