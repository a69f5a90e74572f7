import { FOLLOW_MESSAGES, PAGE_SIZES, showsFeedUnreadBadge, unreadBadge } from '@glucoguard/domain';
import { InfiniteList } from '@glucoguard/ui';
import { Badge } from 'antd-mobile';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { PostCard, type FeedPost } from './PostCard';
import styles from './FeedPage.module.css';

export const NEW_MESSAGE_LIST_PATH = '/tangyouCircle/newMessageList';
export const NOTICE_LIST_PATH = '/notice/noticeList';

/**
 * /tangyouCircle/tangyouCircle (spec 2 §2.16): the readings of the people who let the user follow
 * them, and the user's own, 5 a page. The unread-message badge shows only without a `dateTime`.
 */
export default function FeedPage() {
  useDocumentTitle('糖友圈');
  const [search] = useSearchParams();
  const dateTime = search.get('dateTime') ?? undefined;
  const withBadge = showsFeedUnreadBadge({ dateTime });
  const unread = useApiData(
    () => (withBadge ? api().GET('/tangyou/v1/getUnreadCommentCount') : Promise.resolve({ count: 0 })),
    String(withBadge),
  );
  const notices = useApiData(() => api().GET('/notice/v1/getUnreadCount'));
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/tangyou/v1/getSugarTest', {
        params: { query: { pageNo, pageSize: PAGE_SIZES.feed, ...(dateTime ? { dateTime } : {}) } },
      }),
    [dateTime],
  );
  const messages = unread.data?.count ?? 0;
  const noticeCount = notices.data?.count ?? 0;

  return (
    <div className={styles.feedPageBox}>
      <nav aria-label="糖友圈导航" className={styles.feedPageNav}>
        <Link to="/friend/friendList" data-tap-area>
          我的亲友
        </Link>
        <Link to={NOTICE_LIST_PATH} aria-label={noticeCount > 0 ? `通知，${noticeCount}条未读` : '通知'} data-tap-area>
          <Badge
            content={noticeCount > 0 ? unreadBadge(noticeCount) : null}
            color={(notices.data?.urgent ?? 0) > 0 ? 'var(--gg-color-level-high)' : undefined}
          >
            <span className={styles.feedPageText}>通知</span>
          </Badge>
        </Link>
      </nav>
      {dateTime ? <div className={styles.feedPageBox2}>{dateTime} 的动态</div> : null}
      {withBadge && messages > 0 ? (
        <Link to={NEW_MESSAGE_LIST_PATH} aria-label={`${messages}条新消息`} className={styles.feedPageLink}>
          {unreadBadge(messages)}条新消息
        </Link>
      ) : null}
      <InfiniteList<FeedPost>
        aria-label="动态"
        resetKey={dateTime ?? ''}
        loadPage={loadPage}
        emptyText={FOLLOW_MESSAGES.emptyFeed}
        itemKey={(post) => post.testId}
        renderItem={(post) => <PostCard post={post} />}
      />
    </div>
  );
}
