import { FOLLOW_MESSAGES } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState, PersonAvatar } from '@glucoguard/ui';
import { Button, Dialog, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import { imageUrl, useSession } from '../../store/session';
import {
  FOLLOWING_LIST_PATH,
  FOLLOW_TEXTS,
  followingReportPath,
  unfollow,
  saveNote,
  saveReceive,
  type Follow,
} from './followApi';
import { NoteDialog } from './NoteDialog';
import styles from './FollowingDetailsPage.module.css';

/**
 * /friendDetails?id&name&isReceive&customerId (spec 2 §2.15): a friend's details and settings —
 * note name, their data (read-only), the reminder switch and delete (with confirmation), after
 * which the user is back on the friend list.
 */
export default function FollowingDetailsPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const imgDomain = useSession((state) => state.imgDomain);
  const id = search.get('id') ?? '';
  const read = useApiData(() => api().GET('/follower/v1/getIFocus', { params: { query: { id } } }), id, {
    onError: (error) => {
      if (!isApiError(error, 40400)) {
        showError(error);
      }
    },
  });
  const follow: Follow | null = read.data;
  const setFollow = read.mutate;
  const gone = read.failed && isApiError(read.error, 40400);
  const [editing, setEditing] = useState(false);
  useDocumentTitle(follow?.customerNote ?? search.get('name') ?? '亲友详情');

  if (gone) {
    return (
      <EmptyState title={FOLLOW_MESSAGES.notFound}>
        <Button color="primary" onClick={() => void navigate(FOLLOWING_LIST_PATH, { replace: true })}>
          返回亲友列表
        </Button>
      </EmptyState>
    );
  }
  if (follow === null) {
    return <PageLoading />;
  }
  const accepted = follow.auditStatus === 1;
  const remove = async () => {
    const yes = await Dialog.confirm({ content: FOLLOW_TEXTS.deleteConfirm, confirmText: '删除', cancelText: '取消' });
    if (yes && (await unfollow(follow.id))) {
      void navigate(FOLLOWING_LIST_PATH, { replace: true });
    }
  };

  return (
    <div className={styles.followingDetailsPageBox}>
      <div className={styles.followingDetailsPageBox2}>
        <PersonAvatar
          name={follow.customerNote}
          url={imageUrl(follow.customerHeadimgurl, imgDomain)}
          sex={follow.sex}
          size={56}
        />
        <div>
          <div className={styles.followingDetailsPageBox3}>{follow.customerNote}</div>
          <div className={styles.followingDetailsPageBox4}>昵称：{follow.nickname}</div>
          {accepted ? null : <div className={styles.followingDetailsPageBox5}>{FOLLOW_TEXTS.waiting}</div>}
        </div>
      </div>
      <List className={styles.followingDetailsPageList}>
        <List.Item clickable extra={follow.customerNote} onClick={() => setEditing(true)}>
          备注名
        </List.Item>
        {accepted ? (
          <List.Item
            clickable
            onClick={() => void navigate(followingReportPath(follow.customerId, follow.customerNote))}
          >
            查看亲友数据
          </List.Item>
        ) : null}
        <List.Item
          description="对方测量后通知我，严重偏高或偏低时标为紧急"
          extra={
            <Switch
              aria-label="测量提醒"
              checked={follow.isReceive === 1}
              onChange={(on) => void saveReceive(follow.id, on ? 1 : 0).then((saved) => saved && setFollow(saved))}
            />
          }
        >
          测量提醒
        </List.Item>
      </List>
      <div className={styles.followingDetailsPageBox6}>
        <Button block color="danger" fill="outline" onClick={() => void remove()}>
          删除亲友
        </Button>
      </div>
      <NoteDialog
        visible={editing}
        initial={follow.customerNote}
        onClose={() => setEditing(false)}
        onSave={(note) =>
          void saveNote(follow.id, note).then((saved) => {
            if (saved) {
              setFollow(saved);
              setEditing(false);
            }
          })
        }
      />
    </div>
  );
}
