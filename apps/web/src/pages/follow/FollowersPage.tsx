import type { Schema } from '@glucoguard/sdk';
import { EmptyState, PersonAvatar } from '@glucoguard/ui';
import { Button, Dialog, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError, toast } from '../../ui/toast';
import { imageUrl, useSession } from '../../store/session';
import styles from './FollowersPage.module.css';

type Follower = Schema<'Follower'>;

/** What accepting lets a relative do, said before the patient agrees. */
export const CONSENT_TEXT = (name: string) =>
  `同意后，${name}可以查看您的血糖、血压记录，收到您的测量提醒，并可以为您记录数据。您可以随时取消授权。`;
/** What revoking does, said before the patient confirms. */
export const REVOKE_TEXT = (name: string) =>
  `取消后，${name}将立即无法查看您的健康数据，也不会再收到您的测量提醒。确定取消授权吗？`;

function Person({ person, children, note }: { person: Follower; children: ReactNode; note: string }) {
  const imgDomain = useSession((state) => state.imgDomain);
  return (
    <div className={styles.personBox}>
      <PersonAvatar name={person.nickname} url={imageUrl(person.headimgurl, imgDomain)} sex={person.sex} />
      <div className={styles.personBox2}>
        <div className={styles.personBox3}>{person.nickname}</div>
        <div className={styles.personBox4}>
          {person.phone} · {note}
        </div>
      </div>
      {children}
    </div>
  );
}

/**
 * /friend/followers: the patient's side of following (the spec shows only the relative's side).
 * Health data is sensitive personal information, so nothing is shared before the patient accepts
 * here, and the patient can take access back at any time.
 */
export default function FollowersPage() {
  useDocumentTitle('关注我的人');
  const requests = useApiData(() =>
    api().GET('/follower/v1/queryFocusRequests', { params: { query: { pageNo: 1, pageSize: 100 } } }),
  );
  const followers = useApiData(() =>
    api().GET('/follower/v1/queryFocusMe', { params: { query: { pageNo: 1, pageSize: 100 } } }),
  );
  const reload = () => {
    requests.reload();
    followers.reload();
  };
  const act = async (
    path: '/follower/v1/acceptFocus' | '/follower/v1/refuseFocus' | '/follower/v1/revokeFocus',
    id: string,
    done: string,
  ) => {
    try {
      await api().POST(path, { body: { id } });
      toast(done);
    } catch (error) {
      showError(error);
    }
    reload();
  };
  const accept = async (person: Follower) => {
    if (
      await Dialog.confirm({
        title: '同意关注',
        content: CONSENT_TEXT(person.nickname),
        confirmText: '同意',
        cancelText: '取消',
      })
    ) {
      await act('/follower/v1/acceptFocus', person.id, '已同意');
    }
  };
  const revoke = async (person: Follower) => {
    if (
      await Dialog.confirm({ content: REVOKE_TEXT(person.nickname), confirmText: '取消授权', cancelText: '再想想' })
    ) {
      await act('/follower/v1/revokeFocus', person.id, '已取消授权');
    }
  };
  const loading = (
    <div className={styles.followersPageBox}>
      <DotLoading aria-label="加载中" />
    </div>
  );

  return (
    <div className={styles.followersPageBox2}>
      <p className={styles.followersPageText}>
        亲友申请关注您后，需要您同意才能查看您的健康数据。您可以随时取消任何人的授权。
      </p>
      <section aria-label="待处理的申请">
        <h2 className={styles.followersPageHeading}>待处理的申请</h2>
        {requests.data === null ? (
          loading
        ) : requests.data.items.length === 0 ? (
          <EmptyState title="暂无新的申请" />
        ) : (
          requests.data.items.map((person) => (
            <Person key={person.id} person={person} note={`${person.requestTime.slice(0, 16)} 申请`}>
              <div className={styles.followersPageBox3}>
                <Button size="small" onClick={() => void act('/follower/v1/refuseFocus', person.id, '已拒绝')}>
                  拒绝
                </Button>
                <Button size="small" color="primary" onClick={() => void accept(person)}>
                  同意
                </Button>
              </div>
            </Person>
          ))
        )}
      </section>
      <section aria-label="可以查看我数据的亲友" className={styles.followersPageSection}>
        <h2 className={styles.followersPageHeading}>可以查看我数据的亲友</h2>
        {followers.data === null ? (
          loading
        ) : followers.data.items.length === 0 ? (
          <EmptyState title="还没有亲友可以查看您的数据" />
        ) : (
          followers.data.items.map((person) => (
            <Person key={person.id} person={person} note={`${(person.acceptTime ?? '').slice(0, 10)} 起`}>
              <Button size="small" color="danger" fill="outline" onClick={() => void revoke(person)}>
                取消授权
              </Button>
            </Person>
          ))
        )}
      </section>
    </div>
  );
}
