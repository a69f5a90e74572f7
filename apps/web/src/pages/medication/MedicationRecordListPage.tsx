import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError } from '../../ui/toast';
import { chinaToday, dayQuery, dayTitle, diaryDay, medicineDetail } from './diary';
import styles from './medication.module.css';

type MedicationRecord = Schema<'MedicationRecordVo'>;

/** The address of the form editing `record` (spec 3 §2.4 query names). */
export function editAddress(record: MedicationRecord): string {
  const query = new URLSearchParams({
    name: 'edit',
    ...dayQuery(record.recordTime.slice(0, 10)),
    recordId: record.recordId,
    medicineId: record.medicineId,
    productName: record.productName,
    specification: record.specification,
    dosageUnit: record.dosageUnit,
  });
  return `/addMedication?${query.toString()}`;
}

/** /medicationRecordList?time&year (spec 3 §2.4): the day's records in time order; a tap edits one; 新增用药. */
export default function MedicationRecordListPage() {
  useDocumentTitle('用药记录');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const day = diaryDay(params.get('year'), params.get('time'));
  const records = useApiData(
    () =>
      api().GET('/customer/v1/queryMedicineRecord', {
        params: { query: { recordStartDate: day ?? '', recordEndDate: day ?? '' } },
      }),
    day,
    { enabled: day !== null, onError: showError },
  );
  if (day === null) {
    return <EmptyState title="日期有误，请从用药日历进入" />;
  }
  const items = records.data?.items ?? [];
  const canAdd = day <= chinaToday();
  return (
    <div className={styles.page}>
      <h1 className={styles.dayHeading}>{dayTitle(day)}</h1>
      {records.data === null && !records.failed ? <PageLoading /> : null}
      {records.failed ? <EmptyState title="加载失败，请稍后重试" /> : null}
      {records.data !== null && items.length === 0 ? <EmptyState title="当天还没有用药记录" /> : null}
      <ul className={styles.recordList} aria-label="当天用药记录">
        {items.map((record) => (
          <li key={record.recordId}>
            <button
              type="button"
              className={styles.recordItem}
              onClick={() => void navigate(editAddress(record), { state: { back: true } })}
            >
              <span className={styles.recordHead}>
                <span className={styles.recordName}>{record.productName || record.medicineName}</span>
                <span className={styles.recordClock}>{record.recordTime.slice(11, 16)}</span>
              </span>
              <span className={styles.recordLine}>{medicineDetail(record)}</span>
              <span className={styles.recordLine}>
                {record.usagedName} · {record.rateName} · 每次{record.dosage}
                {record.dosageUnit}
              </span>
              <span className={styles.recordEdit} aria-hidden="true">
                修改 ›
              </span>
            </button>
          </li>
        ))}
      </ul>
      {canAdd ? (
        <div className={styles.footer}>
          <Button
            block
            color="primary"
            size="large"
            onClick={() =>
              void navigate(`/addMedication?${new URLSearchParams({ name: 'add', ...dayQuery(day) }).toString()}`, {
                state: { back: true },
              })
            }
          >
            新增用药
          </Button>
        </div>
      ) : null}
    </div>
  );
}
