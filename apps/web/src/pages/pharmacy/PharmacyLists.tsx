import type { Schema } from '@glucoguard/sdk';
import {
  PAGE_SIZES,
  PHARMACY_TEXTS,
  formatDistance,
  openingHoursLabel,
  pharmacyMapUrl,
  pharmacyTelUrl,
} from '@glucoguard/domain';
import { InfiniteList, LocationPanel } from '@glucoguard/ui';
import { useState } from 'react';
import { api } from '../../api';
import { RegionPicker, useRegionLabel, type Region } from '../../components/RegionPicker';
import { locateAndSave, type SavedPlace } from '../../components/locate';
import { useApiData } from '../../hooks/useApiData';
import { toast } from '../../ui/toast';
import styles from './PharmacyLists.module.css';

type Pharmacy = Schema<'PharmacyVo'>;
type OnlineStore = Schema<'OnlineStoreVo'>;

/** The saved place as a region, or null while it has none. */
function regionOf(place: SavedPlace | null): Region | null {
  return place !== null && place.province !== null && place.city !== null
    ? { province: place.province, city: place.city, district: place.district }
    : null;
}

/** Choosing one pharmacy of the list (the prescription flow's /recipe/chooseDrugStore). */
interface PharmacyChoice {
  chosenId: number | null;
  onChoose: (store: Pharmacy) => void;
}

function PharmacyCard({ store, choice }: { store: Pharmacy; choice?: PharmacyChoice }) {
  const tel = pharmacyTelUrl(store.phone);
  const distance = formatDistance(store.distance ?? Number.NaN);
  return (
    <article className={styles.card} aria-label={store.store}>
      <div className={styles.head}>
        <h3 className={styles.name}>{store.store}</h3>
        {store.distance !== null ? <span className={styles.distance}>{distance}</span> : null}
      </div>
      <p className={styles.line}>{store.address}</p>
      <p className={styles.line}>{openingHoursLabel(store)}</p>
      <div className={styles.actions}>
        {tel !== null ? (
          <a className={styles.action} href={tel}>
            拨打电话
          </a>
        ) : null}
        <a className={styles.action} href={pharmacyMapUrl(store)} target="_blank" rel="noreferrer">
          查看地图
        </a>
        {choice ? (
          <button
            type="button"
            aria-pressed={choice.chosenId === store.storeId}
            className={choice.chosenId === store.storeId ? `${styles.choose} ${styles.chosen}` : styles.choose}
            onClick={() => choice.onChoose(store)}
          >
            {choice.chosenId === store.storeId ? '已选择' : '选择'}
          </button>
        ) : null}
      </div>
    </article>
  );
}

/**
 * 附近药店 (spec 3 §2.3, §8): the saved location is read first and offered through the location
 * panel (确认位置 / 重新定位, 定位失败 with a retry); the region picker narrows the list; pharmacies come
 * nearest first, filtered by the advice's medicines when `medicineIds` is given.
 */
export function NearbyPharmacies({ medicineIds, choice }: { medicineIds: string; choice?: PharmacyChoice }) {
  const saved = useApiData(() => api().GET('/customer/v1/getLocation'));
  const [region, setRegion] = useState<Region | null>(null);
  const [picking, setPicking] = useState(false);
  const place = saved.data !== null && regionOf(saved.data) !== null ? saved.data : null;
  const shownRegion = region ?? regionOf(place);
  const regionLabel = useRegionLabel(shownRegion);
  const point =
    place !== null && place.longitude !== null && place.latitude !== null
      ? { longitude: place.longitude, latitude: place.latitude }
      : null;

  const loadPage = (pageNo: number) =>
    api().GET('/store/v1/queryStoreAddressByLocation', {
      params: {
        query: {
          ...(shownRegion && {
            province: shownRegion.province,
            city: shownRegion.city,
            ...(shownRegion.district !== null && { district: shownRegion.district }),
          }),
          ...(point ?? {}),
          ...(medicineIds !== '' && { medicineIds }),
          pageNo,
          pageSize: PAGE_SIZES.pharmacies,
        },
      },
    });

  if (saved.loading && saved.data === null) {
    return null;
  }
  return (
    <div className={styles.panel}>
      <LocationPanel
        value={place}
        showValue={place !== null}
        locate={locateAndSave}
        onConfirm={() => {
          setRegion(null);
          toast('已按当前位置查找药店');
        }}
        onChange={(located) => {
          saved.mutate(located);
          setRegion(null);
        }}
        labels={{ title: '当前位置', failed: PHARMACY_TEXTS.locateFailed, retry: PHARMACY_TEXTS.retry }}
      />
      <button type="button" className={styles.region} onClick={() => setPicking(true)}>
        <span className={styles.regionTitle}>所在地区</span>
        <span className={styles.regionValue}>{regionLabel || '请选择地区'}</span>
      </button>
      <RegionPicker
        visible={picking}
        value={shownRegion}
        onClose={() => setPicking(false)}
        onConfirm={(chosen) => {
          setRegion(chosen);
          setPicking(false);
        }}
      />
      {medicineIds !== '' ? <p className={styles.filtered}>{PHARMACY_TEXTS.filteredByAdvice}</p> : null}
      <InfiniteList<Pharmacy>
        resetKey={JSON.stringify([shownRegion, point, medicineIds])}
        loadPage={loadPage}
        itemKey={(store) => store.storeId}
        renderItem={(store) => <PharmacyCard store={store} choice={choice} />}
        emptyText={PHARMACY_TEXTS.empty}
        finishedText={PHARMACY_TEXTS.end}
      />
    </div>
  );
}

/** 在线购药 (spec 3 §2.3): online stores with status 1; a tap asks storeUrl and opens the address. */
export function OnlineStores() {
  const open = async (store: OnlineStore) => {
    try {
      const { storeUrl } = await api().GET('/store/v1/storeUrl', { params: { query: { storeCode: store.storeCode } } });
      window.location.assign(storeUrl);
    } catch {
      toast(PHARMACY_TEXTS.storeClosed);
    }
  };
  return (
    <InfiniteList<OnlineStore>
      loadPage={(pageNo) =>
        api().GET('/store/v1/pageQueryInternetDrugstore', {
          params: { query: { pageNo, pageSize: PAGE_SIZES.onlineStores } },
        })
      }
      itemKey={(store) => store.storeCode}
      renderItem={(store) => (
        <button type="button" className={styles.store} onClick={() => void open(store)}>
          {store.storeIcon ? (
            <img className={styles.icon} src={store.storeIcon} alt="" />
          ) : (
            <span className={styles.iconText} aria-hidden="true">
              {store.storeName.slice(0, 1)}
            </span>
          )}
          <span className={styles.storeText}>
            <span className={styles.name}>{store.storeName}</span>
            <span className={styles.line}>{store.remark}</span>
          </span>
        </button>
      )}
      emptyText={PHARMACY_TEXTS.empty}
      finishedText={PHARMACY_TEXTS.end}
    />
  );
}
