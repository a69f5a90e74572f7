import { areaList } from '@vant/area-data';
import type { Region } from './geocoder';

const { province_list: provinces, city_list: cities, county_list: counties } = areaList;

const SIX_DIGITS = /^\d{6}$/;

/**
 * The region of a six-digit administrative code, named from the bundled region data.
 *
 * Codes nest by digits: the province is the first two digits + `0000`, the city the first four +
 * `00`. That holds for the data's special cases too — a municipality's districts sit under `xx0100`
 * (北京市/北京市/东城区) and its counties under `xx0200` (重庆市/县/忠县), county-level cities that
 * answer to the province sit under `xx9000` (湖北省/省直辖县/仙桃市). A code of a city itself
 * (`441900` 东莞市, which has no districts) gives the city with no district. Null when the province
 * or city is not in the data (a foreign or unknown code).
 */
export function regionFromCode(code: string): Region | null {
  if (!SIX_DIGITS.test(code)) {
    return null;
  }
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  const provinceName = provinces[province];
  const cityName = cities[city];
  if (provinceName === undefined || cityName === undefined) {
    return null;
  }
  const districtName = code === city ? undefined : counties[code];
  return {
    province,
    city,
    district: districtName === undefined ? null : code,
    provinceName,
    cityName,
    districtName: districtName ?? null,
  };
}

/** The names of stored codes (null for a code the data does not know). */
export function regionNames(codes: { province: string | null; city: string | null; district: string | null }) {
  return {
    provinceName: (codes.province && provinces[codes.province]) || null,
    cityName: (codes.city && cities[codes.city]) || null,
    districtName: (codes.district && counties[codes.district]) || null,
  };
}
