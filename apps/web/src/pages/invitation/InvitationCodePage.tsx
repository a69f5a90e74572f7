import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import styles from './InvitationCodePage.module.css';

interface InviteInfo {
  count: number;
  inviteCode: string;
}

/** /invitationCode/invitationCode: the user's invite code and how many registered with it (spec §2.12). */
export default function InvitationCodePage() {
  useDocumentTitle('我的邀请码');
  const navigate = useNavigate();
  const read = useApiData(() => api().GET('/customer/v1/inviteCount'), '', { onError: showError });
  const info: InviteInfo | null = read.data;
  const failed = read.failed;

  if (info === null) {
    return failed ? <p className={styles.invitationCodePageText}>邀请信息加载失败，请稍后再试</p> : <PageLoading />;
  }

  return (
    <div className={styles.invitationCodePageBox}>
      <section aria-label="我的邀请码" className={styles.invitationCodePageSection}>
        <div className={styles.invitationCodePageBox2}>我的邀请码</div>
        <div data-testid="invite-code" className={styles.invitationCodePageBox3}>
          {info.inviteCode}
        </div>
        <div className={styles.invitationCodePageBox4}>
          已邀请 <strong className={styles.invitationCodePageStrong}>{info.count}</strong> 人注册
        </div>
      </section>
      <p className={styles.invitationCodePageText2}>好友注册时填写您的邀请码，即计入您的邀请人数。</p>
      <Button block color="primary" size="large" onClick={() => void navigate('/sharePage')}>
        生成邀请海报
      </Button>
    </div>
  );
}
