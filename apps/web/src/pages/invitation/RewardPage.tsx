import { STRIPS_PER_INVITATION, STRIPS_TO_EXCHANGE } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { CardTitle, PointsHeader, PointsPage, card } from '../points/layout';
import { EXCHANGE_RULES, FAIR_PLAY_RULES, RuleList } from './rules';
import styles from './RewardPage.module.css';

/** The reward of the scheme in three steps. */
const STEPS: readonly { title: string; text: string }[] = [
  { title: '邀请亲友', text: '把邀请海报或您的邀请码发给亲友' },
  { title: '亲友注册', text: '亲友注册时填写您的邀请码' },
  { title: `得${STRIPS_PER_INVITATION}条试纸`, text: `满${STRIPS_TO_EXCHANGE}条即可兑换试纸商品` },
];

/**
 * /reward (spec 3 §2.6 lists the route without its content): what inviting earns, in three steps,
 * with the rules that keep it fair and how strips are exchanged; on to the activity and the strips.
 */
export default function RewardPage() {
  useDocumentTitle('邀请奖励');
  const navigate = useNavigate();
  return (
    <PointsPage>
      <PointsHeader>
        <h1 className={styles.title}>邀请亲友，得血糖试纸</h1>
        <p className={styles.subtitle}>
          每成功邀请1位亲友注册，奖励{STRIPS_PER_INVITATION}条试纸，满{STRIPS_TO_EXCHANGE}条可兑换
        </p>
      </PointsHeader>
      <section aria-label="奖励方式" className={card}>
        <CardTitle title="奖励方式" />
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span aria-hidden="true" className={styles.stepNumber}>
                {index + 1}
              </span>
              <span>
                <strong className={styles.stepTitle}>{step.title}</strong>
                <span className={styles.stepText}>{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <RuleList title="公平规则" rules={FAIR_PLAY_RULES} />
      <RuleList title="兑换规则" rules={EXCHANGE_RULES} />
      <div className={styles.actions}>
        <Button block color="primary" size="large" onClick={() => void navigate('/invitation')}>
          去邀请亲友
        </Button>
        <Button block size="large" onClick={() => void navigate('/paperDetails')}>
          查看我的试纸
        </Button>
      </div>
    </PointsPage>
  );
}
