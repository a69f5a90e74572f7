import { EmptyState } from '@glucoguard/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { RxDoctor } from './RxDoctor';
import { RxMedicineList } from './RxMedicineList';
import { buyMedicinePath, failureText } from './rxPaths';
import styles from './Recipe.module.css';

/**
 * /proposal (query infoId; spec 3 §2.2): a doctor's medication advice — the advice, each medicine,
 * the doctor and the time it was sent, and 去买药 to /drugMain with the advice's medicines.
 */
export default function ProposalPage() {
  useDocumentTitle('用药建议');
  const [query] = useSearchParams();
  const infoId = query.get('infoId') ?? '';
  const advice = useApiData(() => api().GET('/rx/v1/queryAdviceById', { params: { query: { infoId } } }), infoId, {
    enabled: infoId !== '',
  });
  if (infoId === '' || (advice.failed && advice.data === null)) {
    return <EmptyState title="未找到该用药建议" description={failureText(advice.error, '请从用药建议列表重新进入')} />;
  }
  if (advice.data === null) {
    return <PageLoading />;
  }
  const current = advice.data;
  return (
    <div className={styles.page}>
      <section aria-label="建议内容" className={styles.section}>
        <h2 className={styles.heading}>医生建议</h2>
        <p className={styles.content}>{current.content}</p>
        <p className={styles.muted}>发送时间 {current.createTime}</p>
      </section>
      {current.medicines.length > 0 ? (
        <section aria-label="建议用药" className={styles.section}>
          <h2 className={styles.heading}>建议用药</h2>
          <RxMedicineList medicines={current.medicines} label="建议药品" />
        </section>
      ) : null}
      <section aria-label="医生" className={styles.section}>
        <RxDoctor doctor={current.doctor} />
      </section>
      <div className={styles.actions}>
        <Link
          to={buyMedicinePath(
            current.infoId,
            current.medicines.map((m) => m.medicineId),
          )}
          className={styles.primary}
        >
          去买药
        </Link>
      </div>
    </div>
  );
}
