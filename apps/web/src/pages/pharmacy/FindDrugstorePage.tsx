import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { medicineFilterOf } from './DrugMainPage';
import { NearbyPharmacies } from './PharmacyLists';
import styles from './DrugMainPage.module.css';

/** /findDrugstore (spec 3 §2.3, content not shown): the nearby pharmacies on their own (docs/adr/0139). */
export default function FindDrugstorePage() {
  useDocumentTitle('查找药店');
  const [search] = useSearchParams();
  return (
    <div className={styles.page}>
      <NearbyPharmacies medicineIds={medicineFilterOf(search)} />
    </div>
  );
}
