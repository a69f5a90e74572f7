import { useDocumentTitle } from '../../components/useDocumentTitle';
import { OnlineStores } from './PharmacyLists';
import styles from './DrugMainPage.module.css';

/** /purchaseDrug (spec 3 §2.3, content not shown): the online stores on their own (docs/adr/0139). */
export default function PurchaseDrugPage() {
  useDocumentTitle('在线购药');
  return (
    <div className={`${styles.page} ${styles.list}`}>
      <OnlineStores />
    </div>
  );
}
