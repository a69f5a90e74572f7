import type { Schema } from '@glucoguard/sdk';
import { isApiError } from '@glucoguard/sdk';
import { LocationFailure } from '@glucoguard/ui';
import { api } from '../api';
import { currentPosition } from '../wechat/jssdk';

/** The caller's saved location with its region (all null until one is saved). */
export type SavedPlace = Schema<'SavedLocation'>;

/** The API answers a point it cannot place with 40400 (系统无法检测到您的位置，是否重试？). */
const NOT_FOUND = 40400;

/**
 * The `locate` of {@link LocationPanel}: the phone's position (messaging app or browser), saved with
 * `updateLocation`, which places it (reverse geocoding on the server) and answers the region.
 * Rejects with a {@link LocationFailure}: denied, failed (also when the save fails) or notFound.
 */
export async function locateAndSave(): Promise<SavedPlace> {
  const answer = await currentPosition();
  if (!answer.ok) {
    throw new LocationFailure(answer.failure);
  }
  try {
    return await api().POST('/customer/v1/updateLocation', { body: answer.position });
  } catch (error) {
    throw new LocationFailure(isApiError(error, NOT_FOUND) ? 'notFound' : 'failed', { cause: error });
  }
}
