import { CascadePicker } from 'antd-mobile';
import type { CascadePickerOption } from 'antd-mobile';
import { useApiData } from '../hooks/useApiData';

/** A chosen region: six-digit province, city and district codes (district may be missing). */
export interface Region {
  province: string;
  city: string;
  district: string | null;
}

interface AreaData {
  options: CascadePickerOption[];
  names: Map<string, string>;
}

let areaData: Promise<AreaData> | null = null;

/** China's provinces, cities and districts from @vant/area-data, loaded on first use (a separate chunk). */
function loadAreaData(): Promise<AreaData> {
  areaData ??= import(/* webpackChunkName: "area-data" */ '@vant/area-data').then(
    ({ useCascaderAreaData: cascaderAreaData, areaList }) => {
      type Node = { text: string; value: string; children?: Node[] };
      const toOption = (node: Node): CascadePickerOption => ({
        label: node.text,
        value: node.value,
        ...(node.children && node.children.length > 0 ? { children: node.children.map(toOption) } : {}),
      });
      // A plain function of the package despite its hook-like name.
      const tree = cascaderAreaData();
      const names = new Map<string, string>();
      for (const list of [areaList.province_list, areaList.city_list, areaList.county_list]) {
        for (const [code, name] of Object.entries(list)) {
          names.set(code, name);
        }
      }
      return { options: tree.map(toOption), names };
    },
  );
  return areaData;
}

/** The names of a region's codes (广东省, 深圳市, 南山区); a code the data does not know gives ''. */
export async function regionNames(region: Region): Promise<{ province: string; city: string; district: string }> {
  const { names } = await loadAreaData();
  const name = (code: string | null) => (code === null ? '' : (names.get(code) ?? ''));
  return { province: name(region.province), city: name(region.city), district: name(region.district) };
}

/** The codes of a region given by its names (a saved address), or null when the data does not know them. */
export async function regionByNames(province: string, city: string, district: string): Promise<Region | null> {
  const { options } = await loadAreaData();
  const find = (list: CascadePickerOption[] | undefined, label: string) => list?.find((o) => o.label === label);
  const p = find(options, province);
  const c = find(p?.children, city);
  const d = find(c?.children, district);
  return p && c ? { province: String(p.value), city: String(c.value), district: d ? String(d.value) : null } : null;
}

/** 'Province City District' for display; codes the data does not know are left out. */
export function useRegionLabel(region: Region | null): string {
  // The area data is its own chunk, loaded the first time a region is shown.
  const names = useApiData(loadAreaData, '', { enabled: region !== null }).data?.names ?? null;
  if (region === null || names === null) {
    return '';
  }
  return [region.province, region.city, region.district]
    .map((code) => (code === null ? undefined : names.get(code)))
    .filter((name): name is string => name !== undefined)
    .join(' ');
}

export interface RegionPickerProps {
  visible: boolean;
  value: Region | null;
  onClose: () => void;
  onConfirm: (region: Region) => void;
}

/** The region picker of registration step 2 (antd-mobile CascadePicker on @vant/area-data). */
export function RegionPicker({ visible, value, onClose, onConfirm }: RegionPickerProps) {
  const options = useApiData(loadAreaData, '', { enabled: visible }).data?.options ?? null;
  return (
    <CascadePicker
      title="所在地区"
      options={options ?? []}
      loading={options === null}
      visible={visible}
      value={value === null ? [] : [value.province, value.city, ...(value.district === null ? [] : [value.district])]}
      onClose={onClose}
      onConfirm={(codes) => {
        const [province, city, district] = codes.map((code) => (code === null ? null : String(code)));
        if (province && city) {
          onConfirm({ province, city, district: district ?? null });
        }
      }}
    />
  );
}
