/** A point as the phone reports it: degrees, longitude first as the API names them. */
export interface GeoPoint {
  longitude: number;
  latitude: number;
}

/**
 * Where a point is, as codes of the bundled region data (`@vant/area-data`) with their names, so the
 * answer fits the region picker and the profile's province/city/district. `district` is null when
 * the provider only knows the city (e.g. a city without districts).
 */
export interface Region {
  province: string;
  city: string;
  district: string | null;
  provinceName: string;
  cityName: string;
  districtName: string | null;
}

/** Turns a point into the region it lies in (reverse geocoding). */
export interface Geocoder {
  readonly name: 'local' | 'tencent';
  /** Resolves with the region, or null when the point is in no region we know (e.g. outside China). */
  reverse(point: GeoPoint): Promise<Region | null>;
}

/**
 * The provider could not answer (refused, unreachable, malformed). `providerCode` is the provider's
 * own status (e.g. `111`) or one of ours in capitals (`NETWORK`, `HTTP_502`, `BAD_RESPONSE`).
 */
export class GeocoderError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}

/** Longitude −180..180 and latitude −90..90, as finite numbers. */
export function isValidPoint(point: GeoPoint): boolean {
  const { longitude, latitude } = point;
  return (
    Number.isFinite(longitude) && Number.isFinite(latitude) && Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90
  );
}
