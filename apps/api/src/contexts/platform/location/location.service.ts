import { LOCATION_MESSAGES } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { GeocoderError, type GeoPoint, type Geocoder, type Region } from '../../../providers/geocoder/geocoder';

/** Spec 1 §8: the message when a location cannot be placed (the client offers to retry). */
export const LOCATION_NOT_FOUND = LOCATION_MESSAGES.notFound;
const LOOKUP_UNAVAILABLE = '定位服务暂不可用，请稍后再试';

/** Six decimals (about 0.1 m), what the columns keep. */
export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The region of a point, or 40400 with the spec's message; a provider failure is 50300, never a 500. */
export async function lookUpRegion(geocoder: Geocoder, point: GeoPoint): Promise<Region> {
  let region: Region | null;
  try {
    region = await geocoder.reverse({ longitude: round6(point.longitude), latitude: round6(point.latitude) });
  } catch (error) {
    if (error instanceof GeocoderError) {
      throw new AppError(ErrorCodes.unavailable, LOOKUP_UNAVAILABLE, 503);
    }
    throw error;
  }
  if (!region) {
    throw new AppError(ErrorCodes.notFound, LOCATION_NOT_FOUND, 404);
  }
  return region;
}
