import { PAGE_SIZES, TRUNCATE, truncate } from '@glucoguard/domain';
import { InfiniteList, PersonAvatar } from '@glucoguard/ui';
import { ActionSheet, Button, Dialog, Tag } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { imageUrl, useSession } from '../../store/session';
import { BellIcon } from './BellIcon';
import {
  FOLLOWERS_PATH,
  FOLLOW_TEXTS,
  FOLLOW_SEARCH_PATH,
  followingDetailsPath,
  unfollow,
  saveNote,
  saveReceive,
  type Follow,
} from './followApi';
import { NoteDialog } from './NoteDialog';
import styles from './FollowingListPage.module.css';

/**
 * /friend/friendList, 我的亲友 (spec 2 §2.15): the people the user follows, 10 a page, with the
 * note name, the notification icon and a menu per person (edit note, notifications, delete).
 * Requests still waiting for the patient show 等待对方同意.
 */
export default function FollowingListPage() {
  useDocumentTitle('我的亲友');
  const navigate = useNavigate();
  const imgDomain = useSession((state) => state.imgDomain);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Follow | null>(null);
  const reload = () => setVersion((v) => v + 1);
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/follower/v1/queryIFocus', { params: { query: { pageNo, pageSize: PAGE_SIZES.friends } } }),
    [],
  );

  const openMenu = (follow: Follow) => {
    const handler = ActionSheet.show({
      cancelText: '取消',
      actions: [
        { key: 'note', text: '修改备注' },
        { key: 'receive', text: follow.isReceive === 1 ? '关闭测量提醒' : '开启测量提醒' },
        { key: 'delete', text: '删除亲友', danger: true },
      ],
      onAction: (action) => {
        handler.close();
        if (action.key === 'note') {
          setEditing(follow);
        } else if (action.key === 'receive') {
          void saveReceive(follow.id, follow.isReceive === 1 ? 0 : 1).then((saved) => saved && reload());
        } else {
          void Dialog.confirm({ content: FOLLOW_TEXTS.deleteConfirm, confirmText: '删除', cancelText: '取消' }).then(
            async (yes) => {
              if (yes && (await unfollow(follow.id))) {
                reload();
              }
            },
          );
        }
      },
    });
  };

  return (
    <div className={styles.followingListPageBox}>
      <div className={styles.followingListPageBox2}>
        <span className={styles.followingListPageText}>我关注的亲友</span>
        <Link to={FOLLOWERS_PATH}>关注我的人</Link>
      </div>
      <InfiniteList<Follow>
        aria-label="我的亲友"
        resetKey={version}
        loadPage={loadPage}
        itemKey={(follow) => follow.id}
        emptyText={FOLLOW_TEXTS.empty}
        renderItem={(follow) => (
          <div className={styles.followingListPageBox3}>
            <div
              role="link"
              tabIndex={0}
              aria-label={`查看${follow.customerNote}`}
              onClick={() => void navigate(followingDetailsPath(follow))}
              onKeyDown={(e) => e.key === 'Enter' && void navigate(followingDetailsPath(follow))}
              className={styles.followingListPageBox4}
            >
              <PersonAvatar
                name={follow.customerNote}
                url={imageUrl(follow.customerHeadimgurl, imgDomain)}
                sex={follow.sex}
              />
              <div className={styles.followingListPageBox5}>
                <div className={styles.followingListPageBox6}>
                  {truncate(follow.customerNote, TRUNCATE.feedNickname)}
                </div>
                {follow.auditStatus === 0 ? (
                  <Tag color="warning" fill="outline" className={styles.followingListPageTag}>
                    {FOLLOW_TEXTS.waiting}
                  </Tag>
                ) : null}
              </div>
            </div>
            <BellIcon on={follow.isReceive === 1} />
            <Button
              size="mini"
              fill="none"
              aria-label={`${follow.customerNote}的操作`}
              onClick={() => openMenu(follow)}
            >
              ···
            </Button>
          </div>
        )}
      />
      <div className={styles.followingListPageBox7}>
        <Button block color="primary" onClick={() => void navigate(FOLLOW_SEARCH_PATH)}>
          添加亲友
        </Button>
      </div>
      <NoteDialog
        visible={editing !== null}
        initial={editing?.customerNote ?? ''}
        onClose={() => setEditing(null)}
        onSave={(note) => {
          if (editing) {
            void saveNote(editing.id, note).then((saved) => {
              if (saved) {
                setEditing(null);
                reload();
              }
            });
          }
        }}
      />
    </div>
  );
}
