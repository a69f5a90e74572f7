import { charCount, emojiCheck, failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { DEVICE_NAME_TOO_LONG_MESSAGE } from './labels';

/** Longest device name, in characters. */
export const DEVICE_NAME_MAX = 10;

/**
 * A device name: no emoji, at most 10 characters. An empty name is not an error — it is simply
 * not saved (see {@link shouldSaveDeviceName}).
 */
export function validateDeviceName(name: string | null | undefined): ValidationResult {
  return firstFailure([
    () => emojiCheck('deviceName', name),
    () => failWhen(charCount((name ?? '').trim()) > DEVICE_NAME_MAX, 'deviceName', DEVICE_NAME_TOO_LONG_MESSAGE),
  ]);
}

/** A device name is saved only when it changed and is not empty. */
export function shouldSaveDeviceName(current: string | null | undefined, next: string | null | undefined): boolean {
  return !isBlank(next) && (next ?? '').trim() !== (current ?? '').trim();
}
