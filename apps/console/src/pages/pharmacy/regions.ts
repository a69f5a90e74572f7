// The region choices of the pharmacy form: province → city → district from the same region data the
// API checks codes against (@vant/area-data), so a region picked here is always one the API knows.
import { areaList } from '@vant/area-data';

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

let cached: RegionOption[] | null = null;

/** Provinces with their cities and each city's districts, in code order. */
export function regionOptions(): RegionOption[] {
  if (cached) {
    return cached;
  }
  const { province_list: provinces, city_list: cities, county_list: counties } = areaList;
  const byPrefix = (list: Record<string, string>, prefix: string) =>
    Object.entries(list)
      .filter(([code]) => code.startsWith(prefix))
      .sort(([a], [b]) => a.localeCompare(b));
  cached = Object.entries(provinces)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([province, label]) => ({
      value: province,
      label,
      children: byPrefix(cities, province.slice(0, 2)).map(([city, cityLabel]) => ({
        value: city,
        label: cityLabel,
        children: byPrefix(counties, city.slice(0, 4)).map(([district, districtLabel]) => ({
          value: district,
          label: districtLabel,
        })),
      })),
    }));
  return cached;
}
