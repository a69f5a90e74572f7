import { FRIEND_MESSAGES, friendAddButton, validateFriendCandidate, validateFriendSearch } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import type { Schema } from '@glucoguard/sdk';
import { GuardedInput, PersonAvatar } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { imageUrl, useSession } from '../../store/session';
import styles from './FollowSearchPage.module.css';

type Found = Schema<'FriendSearch'>;

/** The result screen after a request: `/friend/sucess` (the spec's spelling) with the outcome. */
export function followResultPath(ok: boolean, reason?: string): string {
  const query = new URLSearchParams({ result: ok ? 'success' : 'fail', ...(reason ? { reason } : {}) });
  return `/friend/sucess?${query.toString()}`;
}

/**
 * /friend/searchFriend (spec 2 §2.15, §4): find a registered customer by phone and ask to follow
 * them. The button follows `auditStatus`: 已添加 (disabled), 已发送 (may ask again), 添加.
 */
export default function FollowSearchPage() {
  useDocumentTitle('添加亲友');
  const navigate = useNavigate();
  const imgDomain = useSession((state) => state.imgDomain);
  const [phone, setPhone] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const { busy, run } = useSubmitGuard();

  const search = async () => {
    const check = validateFriendSearch(phone.trim());
    if (!check.ok) {
      toast(check.message);
      return;
    }
    try {
      const result = await api().GET('/follower/v1/queryByPhone', { params: { query: { phone: phone.trim() } } });
      setFound(result);
      const candidate = validateFriendCandidate(result);
      if (!candidate.ok) {
        toast(candidate.message);
      }
    } catch (error) {
      setFound(null);
      showError(error);
    }
  };

  const add = (customerId: string) => {
    void run(async () => {
      try {
        await api().POST('/follower/v1/addFocus', { body: { customerId } });
        return () => void navigate(followResultPath(true));
      } catch (error) {
        return () =>
          void navigate(
            followResultPath(false, isApiError(error) && error.errMsg ? error.errMsg : FRIEND_MESSAGES.addFailed),
          );
      }
    });
  };

  const person = found?.existsFlag ? found.customerVo : null;
  const button = friendAddButton(found?.auditStatus);
  return (
    <div className={styles.followSearchPageBox}>
      <div className={styles.followSearchPageBox2}>
        <GuardedInput
          aria-label="手机号"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入亲友的手机号"
          value={phone}
          onChange={setPhone}
          onEnterPress={() => void search()}
          className={styles.followSearchPageGuardedInput}
        />
        <Button color="primary" onClick={() => void search()}>
          搜索
        </Button>
      </div>
      <p className={styles.followSearchPageText}>
        对方同意后，您可以查看其血糖、血压记录，收到测量提醒，并可以为其记录数据。对方可以随时取消授权。
      </p>
      {found !== null && !found.existsFlag ? (
        <div role="status" className={styles.followSearchPageBox3}>
          {FRIEND_MESSAGES.unknownUser}
        </div>
      ) : null}
      {person ? (
        <section aria-label="搜索结果" className={styles.followSearchPageSection}>
          <PersonAvatar
            name={person.nickname}
            url={imageUrl(person.headimgurl, imgDomain)}
            sex={person.sex}
            size={48}
          />
          <div className={styles.followSearchPageBox4}>
            <div className={styles.followSearchPageBox5}>{person.nickname}</div>
            <div className={styles.followSearchPageBox6}>{person.phone}</div>
          </div>
          {found?.isSelfFlag ? (
            <span className={styles.followSearchPageBox6}>{FRIEND_MESSAGES.self}</span>
          ) : (
            <Button
              color="primary"
              size="small"
              disabled={button.disabled || busy}
              onClick={() => add(person.customerId)}
            >
              {button.label}
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}
