import { FOLLOW_MESSAGES } from '@glucoguard/domain';
import { Button, Result } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGoBack } from '../../hooks/useGoBack';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { FOLLOW_SEARCH_PATH, FOLLOWING_LIST_PATH } from './followApi';
import styles from './FollowResultPage.module.css';

/** /friend/sucess (spec 2 §2.15, §8): the outcome of a request to follow someone. */
export default function FollowResultPage() {
  useDocumentTitle('添加亲友');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ok = search.get('result') === 'success';
  // Back to the search it came from; opened from a link, to a fresh search.
  const searchAgain = useGoBack(FOLLOW_SEARCH_PATH);
  return (
    <div className={styles.followResultPageBox}>
      <Result
        status={ok ? 'success' : 'error'}
        title={ok ? FOLLOW_MESSAGES.requestSent : FOLLOW_MESSAGES.requestFailed}
        description={ok ? '对方同意后，您就可以在亲友列表中查看其健康数据。' : (search.get('reason') ?? undefined)}
      />
      <div className={styles.followResultPageBox2}>
        <Button block color="primary" onClick={() => void navigate(FOLLOWING_LIST_PATH, { replace: true })}>
          返回亲友列表
        </Button>
        {ok ? null : (
          <Button block onClick={searchAgain}>
            重新搜索
          </Button>
        )}
      </div>
    </div>
  );
}
