import { isDeviceRecord } from '../social/feed';

/** Deleting a reading (sugar, blood pressure, ketone, uric acid), in the spec's words where it has them. */
export const READING_DELETE_MESSAGES = {
  /** Asked before a reading is deleted: the spec's weight confirmation, used for every reading. */
  confirm: '确定删除此条记录吗?',
  /** Shown once it is deleted (spec 3's success toast). */
  done: '删除成功',
  /** A reading that is gone, or someone else's: the answer of edit and delete alike. */
  gone: '该数据已被删除',
  /** A meter's reading stays read-only (spec 2 §2.4, §2.9). */
  meterReadOnly: '设备上传的数据不能删除',
} as const;

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
