import { EmptyState } from '@glucoguard/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { proposalPath } from './rxPaths';
import styles from './Recipe.module.css';

/**
 * /adviceAndSuggestions (query sessionId; spec 3 §2.1 route, content not shown): the medication advice
 * the doctor sent in one consultation, newest first, each opening its /proposal page.
 */
export default function AdviceAndSuggestionsPage() {
  useDocumentTitle('医嘱建议');
  const [query] = useSearchParams();
  const sessionId = query.get('sessionId') ?? '';
  const list = useApiData(
    () => api().GET('/rx/v1/queryAdviceBySession', { params: { query: { sessionId } } }),
    sessionId,
    { enabled: sessionId !== '' },
  );
  if (sessionId === '' || (list.failed && list.data === null)) {
    return <EmptyState title="未找到该咨询" description="请从咨询聊天重新进入" />;
  }
  if (list.data === null) {
    return <PageLoading />;
  }
  if (list.data.length === 0) {
    return <EmptyState title="暂无用药建议" description="医生发送用药建议后会显示在这里" />;
  }
  return (
    <div className={styles.page}>
      <ul aria-label="用药建议" className={styles.list}>
        {list.data.map((advice) => (
          <li key={advice.infoId}>
            <Link to={proposalPath(advice.infoId)} className={styles.card}>
              <span className={styles.cardHead}>
                <span className={styles.doctorName}>{advice.doctor.userName || '医生'}的建议</span>
                <span className={styles.muted}>{advice.createTime}</span>
              </span>
              <span className={styles.summary}>{advice.content}</span>
              {advice.medicines.length > 0 ? (
                <span className={styles.muted}>建议用药 {advice.medicines.map((m) => m.medicineName).join('、')}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
