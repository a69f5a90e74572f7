import { MEDICINE_PAGE_SIZE } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, InfiniteList } from '@glucoguard/ui';
import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError } from '../../ui/toast';
import { formKey, medicineDetail, useMedicationDraft } from './diary';
import styles from './medication.module.css';

type Medicine = Schema<'MedicineVo'>;

function MedicineRow({ medicine, onChoose }: { medicine: Medicine; onChoose: (medicine: Medicine) => void }) {
  return (
    <button type="button" className={styles.medicineItem} onClick={() => onChoose(medicine)}>
      <span className={styles.recordName}>{medicine.productName || medicine.medicineName}</span>
      <span className={styles.recordLine}>{medicineDetail(medicine)}</span>
    </button>
  );
}

/**
 * /selectDrug (spec 3 §2.4): the search box 输入药品名称搜索; with it empty, 最近使用 (the caller's
 * recent medicines), otherwise the catalogue's matches 10 at a time as the list scrolls. Choosing
 * returns to /addMedication with the form as it was.
 */
export default function SelectDrugPage() {
  useDocumentTitle('选择药品');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [keyWord, setKeyWord] = useState('');
  const searching = keyWord.trim() !== '';
  const recent = useApiData(() => api().POST('/customer/v1/medicineRecordLast', { body: {} }), '', {
    onError: showError,
  });

  const choose = (medicine: Medicine) => {
    const chosen = {
      medicineId: medicine.medicineId,
      productName: medicine.productName,
      medicineName: medicine.medicineName,
      specification: medicine.specification,
      dosageUnit: medicine.dosageUnit,
    };
    useMedicationDraft.getState().choose(formKey(params), chosen);
    if ((location.state as { fromForm?: boolean } | null)?.fromForm === true) {
      void navigate(-1);
      return;
    }
    const query = new URLSearchParams(params);
    query.set('name', query.get('name') ?? 'add');
    for (const [name, value] of Object.entries({
      medicineId: chosen.medicineId,
      productName: chosen.productName,
      specification: chosen.specification,
      dosageUnit: chosen.dosageUnit,
    })) {
      query.set(name, value);
    }
    void navigate(`/addMedication?${query.toString()}`, { replace: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.searchBox}>
        <SearchBar
          aria-label="药品名称"
          placeholder="输入药品名称搜索"
          value={keyWord}
          onChange={setKeyWord}
          className={styles.searchBar}
        />
      </div>
      {searching ? (
        <InfiniteList<Medicine>
          aria-label="搜索结果"
          resetKey={keyWord.trim()}
          loadPage={(currentPage) =>
            api().GET('/customer/v1/queryMedicine', {
              params: { query: { currentPage, pageSize: MEDICINE_PAGE_SIZE, keyWord: keyWord.trim() } },
            })
          }
          itemKey={(medicine) => medicine.medicineId}
          renderItem={(medicine) => <MedicineRow medicine={medicine} onChoose={choose} />}
          emptyText="没有找到相关药品，换个名称试试"
          finishedText="没有更多了"
        />
      ) : (
        <section aria-label="最近使用">
          <h2 className={styles.sectionTitle}>最近使用</h2>
          {recent.data === null && !recent.failed ? <PageLoading /> : null}
          {recent.data !== null && recent.data.items.length === 0 ? (
            <EmptyState title="还没有用过的药品" description="在上方输入药品名称搜索" />
          ) : null}
          {(recent.data?.items ?? []).map((medicine) => (
            <MedicineRow key={medicine.medicineId} medicine={medicine} onChoose={choose} />
          ))}
        </section>
      )}
    </div>
  );
}
