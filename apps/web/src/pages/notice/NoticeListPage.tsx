import { MONITORING_PLAN_PATH, opensMonitoringPlan } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { Tag } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { postDetailPath } from '../feed/NewMessageListPage';
import styles from './NoticeListPage.module.css';

type Notice = Schema<'Notice'>;

/** Where a notice leads: the address it names (a repair request's detail), the reading's post, the prescriptions, the monitoring plan, 我的优惠券, the patient's requests page, or the friend list. */
function targetOf(notice: Notice): string {
  if (notice.link) {
    return notice.link;
  }
  if (notice.kind === 'reading' && notice.testId !== null) {
    return postDetailPath(notice.testId);
  }
  if (notice.kind === 'rxReviewed') {
    return '/myRecipe/recipeList';
  }
  if (notice.kind === 'coupon') {
    return '/coupon/myCoupon';
  }
  if (opensMonitoringPlan(notice.kind)) {
    return MONITORING_PLAN_PATH;
  }
  return notice.kind === 'followRequest' ? '/friend/followers' : '/friend/friendList';
}

/**
 * /notice/noticeList: readings of the people the user follows (urgent ones marked 紧急) and follow
 * requests, newest first. Opening the list marks them all read.
 */
export default function NoticeListPage() {
  useDocumentTitle('通知');
  const navigate = useNavigate();
  const loadPage = useCallback(async (pageNo: number) => {
    const page = await api().GET('/notice/v1/pageQueryList', { params: { query: { pageNo, pageSize: 20 } } });
    // The first page is shown with its unread marks, then everything counts as read.
    if (pageNo === 1 && page.items.some((n) => !n.read)) {
      await api().POST('/notice/v1/updateAllReadStatus', { body: {} });
    }
    return page;
  }, []);
  return (
    <div className={styles.noticeListPageBox}>
      <InfiniteList<Notice>
        aria-label="通知"
        loadPage={loadPage}
        emptyText="暂无通知"
        itemKey={(n) => n.id}
        renderItem={(n) => (
          <button
            type="button"
            onClick={() => void navigate(targetOf(n))}
            aria-label={n.title}
            className={`${styles.noticeListPageButton} ${n.urgent ? styles.urgentNotice : styles.notice}`}
          >
            <span className={`${styles.noticeListPageText} ${n.urgent ? styles.urgentTitle : ''}`}>
              {n.read ? null : <span aria-label="未读" className={styles.noticeListPageText2} />}
              {n.urgent ? <Tag color="danger">紧急</Tag> : null}
              {n.title}
            </span>
            <span className={styles.noticeListPageText3}>{n.text}</span>
            <span className={styles.noticeListPageText4}>{n.createTime.slice(0, 16)}</span>
          </button>
        )}
      />
    </div>
  );
}
