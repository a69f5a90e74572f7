import { LocationPanel } from '@glucoguard/ui';
import { api } from '../../api';
import type { Region } from '../../components/RegionPicker';
import { locateAndSave, type SavedPlace } from '../../components/locate';
import { useApiData } from '../../hooks/useApiData';
import { toast } from '../../ui/toast';

/** The saved place as a region of the form, or null while it has none. */
function regionOf(place: SavedPlace): Region | null {
  return place.province !== null && place.city !== null
    ? { province: place.province, city: place.city, district: place.district }
    : null;
}

/**
 * The spec's location flow beside 家庭住址 (docs/adr/0123-one-location-panel-and-its-flow.md): the
 * saved location is read first; when there is one it is shown with 确认位置 (fills the region with
 * it) and 重新定位 (a new position, saved and placed); with none, 使用当前位置 obtains one.
 */
export function HomeLocation({ onRegion }: { onRegion: (region: Region) => void }) {
  const saved = useApiData(() => api().GET('/customer/v1/getLocation'));
  // Not shown until the saved location is known, so the buttons do not change under a finger.
  if (saved.loading && saved.data === null) {
    return null;
  }
  const place = saved.data !== null && regionOf(saved.data) !== null ? saved.data : null;
  return (
    <LocationPanel
      value={place}
      showValue={place !== null}
      locate={locateAndSave}
      onConfirm={(confirmed) => {
        const region = regionOf(confirmed);
        if (region !== null) {
          onRegion(region);
          toast('已填入所在地区');
        }
      }}
      onChange={(located) => {
        saved.mutate(located);
        const region = regionOf(located);
        if (region !== null) {
          onRegion(region);
        }
      }}
      labels={{ title: '定位所在地区', locate: place === null ? '使用当前位置' : '重新定位' }}
    />
  );
}
