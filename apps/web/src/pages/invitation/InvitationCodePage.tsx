import { STRIPS_PER_INVITATION } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import { InviteCodeCard } from './InviteCodeCard';
import styles from './InvitationCodePage.module.css';

/**
 * /invitationCode/invitationCode (spec 1 §2.12): the user's invite code with a copy button, how many
 * registered with it and what each earns; on to the poster and the activity's rules.
 */
export default function InvitationCodePage() {
  useDocumentTitle('我的邀请码');
  const navigate = useNavigate();
  const read = useApiData(() => api().GET('/customer/v1/inviteCount'), '', { onError: showError });
  const info = read.data;

  if (info === null) {
    return read.failed ? (
      <p className={styles.invitationCodePageText}>邀请信息加载失败，请稍后再试</p>
    ) : (
      <PageLoading />
    );
  }

  return (
    <div className={styles.invitationCodePageBox}>
      <InviteCodeCard inviteCode={info.inviteCode} count={info.count} />
      <p className={styles.invitationCodePageText2}>
        亲友注册时填写您的邀请码，即计入您的邀请人数；每成功邀请1位，您可获得{STRIPS_PER_INVITATION}条试纸。
      </p>
      <div className={styles.invitationCodePageActions}>
        <Button block color="primary" size="large" onClick={() => void navigate('/sharePage')}>
          生成邀请海报
        </Button>
        <Button block size="large" onClick={() => void navigate('/invitation')}>
          查看活动规则
        </Button>
      </div>
    </div>
  );
}
