import { PHARMACY_TEXTS, parseMedicineIds } from '@glucoguard/domain';
import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { NearbyPharmacies, OnlineStores } from './PharmacyLists';
import styles from './DrugMainPage.module.css';

/** The medicine filter of the address: `medicineIds` when well formed (docs/adr/0139), else none. */
export function medicineFilterOf(search: URLSearchParams): string {
  const ids = parseMedicineIds(search.get('medicineIds'));
  return ids === null ? '' : ids.join(',');
}

/**
 * /drugMain (spec 3 §2.3): 在线购药 and 附近药店. Opened from a medication advice (`infoId`, with the
 * advice's `medicineIds`) it starts on 附近药店, filtered to pharmacies that stock those medicines.
 */
export default function DrugMainPage() {
  useDocumentTitle('购药');
  const [search, setSearch] = useSearchParams();
  const medicineIds = medicineFilterOf(search);
  const fromAdvice = search.has('infoId') || medicineIds !== '';
  const tab = search.get('tab') ?? (fromAdvice ? 'nearby' : 'online');
  return (
    <div className={styles.page}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(search);
          next.set('tab', key);
          setSearch(next, { replace: true });
        }}
      >
        <Tabs.Tab title={PHARMACY_TEXTS.onlineTab} key="online">
          <div className={styles.list}>
            <OnlineStores />
          </div>
        </Tabs.Tab>
        <Tabs.Tab title={PHARMACY_TEXTS.nearbyTab} key="nearby">
          <NearbyPharmacies medicineIds={medicineIds} />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
