import { STRIPS_PER_INVITATION } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSession } from '../../store/session';
import { showError } from '../../ui/toast';
import { InviteCodeCard } from './InviteCodeCard';
import { ACTIVITY_RULES, FAIR_PLAY_RULES, RuleList } from './rules';
import styles from './InvitationActivityPage.module.css';

/**
 * /invitation, the invitation activity page of spec 3 §2.6 (the spec does not name its route; the
 * 邀请注册有奖 tile opens it): how many the user invited, the strips held, the own code with a copy
 * button, the activity rules, and the ways on to /sharePage and /paperDetails.
 */
export default function InvitationActivityPage() {
  const brand = brandOf(useSession((state) => state.sourceId));
  useDocumentTitle(brand.invitationName);
  const navigate = useNavigate();
  const read = useApiData(
    async () => {
      const [invite, strips] = await Promise.all([
        api().GET('/customer/v1/inviteCount'),
        api().GET('/customer/v1/paperRecords', { params: { query: { pageNo: 1, pageSize: 1 } } }),
      ]);
      return { ...invite, strips: strips.balance };
    },
    '',
    { onError: showError },
  );
  const info = read.data;

  if (info === null) {
    return read.failed ? <p className={styles.failed}>活动信息加载失败，请稍后再试</p> : <PageLoading />;
  }

  return (
    <div className={styles.page}>
      <header className={styles.banner}>
        <h1 className={styles.bannerTitle}>{brand.invitationName}</h1>
        <p className={styles.bannerText}>每邀请1位亲友注册，得{STRIPS_PER_INVITATION}条血糖试纸</p>
      </header>
      <div className={styles.body}>
        <InviteCodeCard inviteCode={info.inviteCode} count={info.count} />
        <button type="button" className={styles.strips} onClick={() => void navigate('/paperDetails')}>
          <span>我的试纸</span>
          <span>
            <strong className={styles.stripsFigure}>{info.strips}</strong> 条 ›
          </span>
        </button>
        <div className={styles.actions}>
          <Button block color="primary" size="large" onClick={() => void navigate('/sharePage')}>
            生成邀请海报
          </Button>
          <Button block size="large" onClick={() => void navigate('/paperDetails')}>
            查看我的试纸
          </Button>
        </div>
      </div>
      <RuleList title="活动规则" rules={[...ACTIVITY_RULES, ...FAIR_PLAY_RULES]} />
    </div>
  );
}
