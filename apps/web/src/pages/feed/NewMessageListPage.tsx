import { FOLLOW_MESSAGES, unreadMessageKind } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, PersonAvatar } from '@glucoguard/ui';
import { DotLoading } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import { imageUrl, useSession } from '../../store/session';
import styles from './NewMessageListPage.module.css';

type Message = Schema<'UnreadMessage'>;
const KIND_TEXT = { like: '赞了你的动态', comment: '评论了你的动态', reply: '回复了你' } as const;

/** A post on its own page (spec: newMessageDetail?newMessageTestId). */
export const postDetailPath = (testId: string) =>
  `/tangyouCircle/newMessageDetail?${new URLSearchParams({ newMessageTestId: testId }).toString()}`;

/**
 * /tangyouCircle/newMessageList (spec 2 §2.16): unread likes, comments and replies. Opening the
 * list marks them all read (updateAllReadStatus), so the feed's badge is gone on return.
 */
export default function NewMessageListPage() {
  useDocumentTitle('新消息');
  const navigate = useNavigate();
  const imgDomain = useSession((state) => state.imgDomain);
  const read = useApiData(
    async () =>
      (await api().GET('/tangyou/v1/getUnreadCommentList', { params: { query: { pageNo: 1, pageSize: 100 } } })).items,
    '',
    {
      onLoad: (items) => {
        if (items.length > 0) {
          api()
            .POST('/tangyou/v1/updateAllReadStatus', { body: {} })
            .catch((error: unknown) => {
              read.mutate([]);
              showError(error);
            });
        }
      },
      onError: showError,
    },
  );
  const messages: Message[] | null = read.failed ? [] : read.data;

  if (messages === null) {
    return (
      <div className={styles.newMessageListPageBox}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (messages.length === 0) {
    return <EmptyState title={FOLLOW_MESSAGES.emptyUnread} />;
  }
  return (
    <ul aria-label="新消息" className={styles.newMessageListPageList}>
      {messages.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            onClick={() => void navigate(postDetailPath(m.testId))}
            className={styles.newMessageListPageButton}
          >
            <PersonAvatar name={m.customerName} url={imageUrl(m.headimgurl, imgDomain)} />
            <span className={styles.newMessageListPageText}>
              <span className={styles.newMessageListPageText2}>
                <strong>{m.customerName}</strong> {KIND_TEXT[unreadMessageKind(m.commentType)]}
              </span>
              {m.content ? <span className={styles.newMessageListPageText3}>{m.content}</span> : null}
              <span className={styles.newMessageListPageText4}>{m.createTime.slice(0, 16)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
