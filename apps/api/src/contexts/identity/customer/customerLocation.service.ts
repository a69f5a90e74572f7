import type { Schema } from '@glucoguard/sdk';
import type { Db } from '../../../lib/db';
import type { SessionContext } from '../../../lib/session-context';
import { regionNames } from '../../../providers/geocoder/regions';
import type { GeoPoint, Geocoder } from '../../../providers/geocoder/geocoder';
import { lookUpRegion, round6 } from '../../platform';
import type { Customer } from './customer.entity';
import { CustomerRepository } from './customer.repository';
import { registeredCustomer } from './customer.service';

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
export async function getLocation(db: Db, session: SessionContext): Promise<Schema<'SavedLocation'>> {
  return savedLocation(await registeredCustomer(db, session));
}

/**
 * Spec: POST /customer/v1/updateLocation — looks the point up, then saves it with its region (which
 * is the profile's region too). Nothing is saved when the point cannot be placed.
 */
export async function updateLocation(
  db: Db,
  geocoder: Geocoder,
  session: SessionContext,
  point: GeoPoint,
): Promise<Schema<'SavedLocation'>> {
  const customer = await registeredCustomer(db, session);
  const region = await lookUpRegion(geocoder, point);
  customer.province = region.province;
  customer.city = region.city;
  customer.district = region.district;
  customer.longitude = round6(point.longitude);
  customer.latitude = round6(point.latitude);
  await new CustomerRepository(db).save();
  return savedLocation(customer);
}
