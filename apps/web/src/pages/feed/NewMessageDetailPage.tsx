import { FOLLOW_MESSAGES } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { PostCard } from './PostCard';
import styles from './NewMessageDetailPage.module.css';

/** /tangyouCircle/newMessageDetail?newMessageTestId (spec 2 §2.16): one post, or 本条数据已被删除 when it is gone. */
export default function NewMessageDetailPage() {
  useDocumentTitle('动态详情');
  const [search] = useSearchParams();
  const testId = search.get('newMessageTestId') ?? '';
  const read = useApiData(() => api().GET('/tangyou/v1/dynamic', { params: { query: { testId } } }), testId);
  if (read.failed) {
    return <EmptyState title="加载失败" />;
  }
  if (read.data === null) {
    return <PageLoading />;
  }
  if (!read.data.existsFlag || read.data.post === null) {
    return <EmptyState title={FOLLOW_MESSAGES.postDeleted} />;
  }
  return (
    <div className={styles.newMessageDetailPageBox}>
      <PostCard post={read.data.post} />
    </div>
  );
}
