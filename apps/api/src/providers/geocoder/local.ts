import { isValidPoint, type GeoPoint, type Geocoder, type Region } from './geocoder';
import { regionFromCode } from './regions';
import { SEATS, type Seat } from './seats';

const EARTH_RADIUS_KM = 6371.0088;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box around China; points outside it are not looked at further. */
export const CHINA_BOUNDS = { minLongitude: 73, maxLongitude: 136, minLatitude: 3, maxLatitude: 54 } as const;

export interface LocalGeocoderOptions {
  /** Farther than this from every listed seat counts as not found. */
  maxDistanceKm?: number;
  seats?: readonly Seat[];
}

/**
 * The embedded default: no network, no key. It answers with the region of the **nearest listed seat
 * of government** (see `seats.ts`: the seats of the provincial- and prefecture-level divisions, the
 * districts of the four municipalities and a few remote county seats), not with the district the
 * point actually lies in. Inside a city that is usually the city's central district; near a
 * boundary it can be the neighbouring city or province. That is enough for "which city am I in"
 * (nearby pharmacies, a pre-filled region) and is documented in
 * docs/adr/0052-one-location-per-customer-nearest-seat.md;
 * an exact answer needs the Tencent provider (`GEOCODER=tencent`).
 *
 * Not found: outside lon 73–136 / lat 3–54, or farther than `maxDistanceKm` (300) from every seat.
 */
export class LocalGeocoder implements Geocoder {
  readonly name = 'local' as const;
  readonly #maxDistanceKm: number;
  readonly #seats: { point: GeoPoint; region: Region }[];

  constructor(options: LocalGeocoderOptions = {}) {
    this.#maxDistanceKm = options.maxDistanceKm ?? 300;
    this.#seats = (options.seats ?? SEATS).map(([, code, longitude, latitude]) => {
      const region = regionFromCode(code);
      if (!region) {
        throw new Error(`The seat ${code} is not in the bundled region data.`);
      }
      return { point: { longitude, latitude }, region };
    });
  }

  /** The nearest seat's region; synchronous underneath, a promise to fit the interface. */
  async reverse(point: GeoPoint): Promise<Region | null> {
    return this.nearest(point);
  }

  nearest(point: GeoPoint): Region | null {
    if (!isValidPoint(point)) {
      return null;
    }
    const { longitude, latitude } = point;
    const b = CHINA_BOUNDS;
    if (
      longitude < b.minLongitude ||
      longitude > b.maxLongitude ||
      latitude < b.minLatitude ||
      latitude > b.maxLatitude
    ) {
      return null;
    }
    let best: Region | null = null;
    let bestKm = this.#maxDistanceKm;
    for (const seat of this.#seats) {
      const km = distanceKm(point, seat.point);
      if (km <= bestKm) {
        best = seat.region;
        bestKm = km;
      }
    }
    return best ? { ...best } : null;
  }
}
