import { EmptyState } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { failureText } from './rxPaths';
import styles from './Recipe.module.css';

/**
 * /diagnosisPlan/diagnosisPlan (query id, type; spec 3 §2.1): the plan text of a prescription (type 1,
 * the diagnosis and handling) or of an advice (type 2), with the doctor and the time.
 */
export default function DiagnosisPlanPage() {
  const [query] = useSearchParams();
  const id = query.get('id') ?? '';
  const type = query.get('type') === '2' ? 2 : 1;
  useDocumentTitle('诊疗方案');
  const plan = useApiData(
    () => api().GET('/rx/v1/queryDiagnosisPlan', { params: { query: { id, type } } }),
    [id, type],
    { enabled: id !== '' },
  );
  if (id === '' || (plan.failed && plan.data === null)) {
    return <EmptyState title="未找到诊疗方案" description={failureText(plan.error, '请从处方或用药建议重新进入')} />;
  }
  if (plan.data === null) {
    return <PageLoading />;
  }
  return (
    <div className={styles.page}>
      <section aria-label={plan.data.title} className={styles.section}>
        <h2 className={styles.heading}>{plan.data.title}</h2>
        <p className={styles.content}>{plan.data.content}</p>
        <p className={styles.muted}>
          {plan.data.doctorName ? `${plan.data.doctorName} · ` : ''}
          {plan.data.createTime}
        </p>
      </section>
    </div>
  );
}
