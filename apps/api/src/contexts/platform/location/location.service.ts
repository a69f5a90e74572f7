import type { EntityManager } from '@mikro-orm/core';
import type { Schema } from '@glucoguard/sdk';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { GeocoderError, type GeoPoint, type Geocoder, type Region } from '../../../providers/geocoder/geocoder';
import { regionNames } from '../../../providers/geocoder/regions';
import type { SessionContext } from '../../identity/session/session.service';
import { registeredCustomer } from '../../identity/customer/customer.service';
import type { Customer } from '../../identity/customer/customer.entity';

/** Spec 1 §8: the message when a location cannot be placed (the client offers to retry). */
export const LOCATION_NOT_FOUND = '系统无法检测到您的位置，是否重试？';
const LOOKUP_UNAVAILABLE = '定位服务暂不可用，请稍后再试';

/** Six decimals (about 0.1 m), what the columns keep. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

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

/** The customer's saved location; all null until one was saved (the coordinates mark a saved one). */
export function savedLocation(c: Customer): Schema<'SavedLocation'> {
  const longitude = c.longitude ?? null;
  const latitude = c.latitude ?? null;
  if (longitude === null || latitude === null) {
    return {
      province: null,
      city: null,
      district: null,
      provinceName: null,
      cityName: null,
      districtName: null,
      longitude: null,
      latitude: null,
    };
  }
  const codes = { province: c.province ?? null, city: c.city ?? null, district: c.district ?? null };
  return { ...codes, ...regionNames(codes), longitude: Number(longitude), latitude: Number(latitude) };
}

/** Spec: GET /customer/v1/getLocation — the caller's own, registered customers only. */
export async function getLocation(em: EntityManager, session: SessionContext): Promise<Schema<'SavedLocation'>> {
  return savedLocation(await registeredCustomer(em, session));
}

/**
 * Spec: POST /customer/v1/updateLocation — looks the point up, then saves it with its region (which
 * is the profile's region too). Nothing is saved when the point cannot be placed.
 */
export async function updateLocation(
  em: EntityManager,
  geocoder: Geocoder,
  session: SessionContext,
  point: GeoPoint,
): Promise<Schema<'SavedLocation'>> {
  const customer = await registeredCustomer(em, session);
  const region = await lookUpRegion(geocoder, point);
  customer.province = region.province;
  customer.city = region.city;
  customer.district = region.district;
  customer.longitude = round6(point.longitude);
  customer.latitude = round6(point.latitude);
  await em.flush();
  return savedLocation(customer);
}
