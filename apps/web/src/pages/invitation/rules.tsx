import { INVITATION_REVOKE_DAYS, STRIPS_PER_INVITATION, STRIPS_TO_EXCHANGE } from '@glucoguard/domain';
import styles from './rules.module.css';

/** How the invitation activity works (the activity page). */
export const ACTIVITY_RULES: readonly string[] = [
  '点击「生成邀请海报」，把海报或您的6位邀请码发给亲友。',
  '亲友注册时填写您的邀请码并完成注册，即为邀请成功。',
  `每成功邀请1位亲友，您可获得${STRIPS_PER_INVITATION}条试纸，试纸自动记入您的账户。`,
  `试纸累计满${STRIPS_TO_EXCHANGE}条，即可在「我的试纸」中兑换试纸商品。`,
];

/** What keeps the scheme fair (the activity page and /reward). */
export const FAIR_PLAY_RULES: readonly string[] = [
  '同一位亲友（同一手机号或同一微信）只计一次奖励，注销后重新注册不再计入。',
  '邀请自己（同一账号、同一微信或同一手机号）不计奖励。',
  `被邀请的亲友在注册后${INVITATION_REVOKE_DAYS}天内注销账号的，该次奖励的${STRIPS_PER_INVITATION}条试纸将被扣回，并记入试纸明细。`,
  '以不正当方式获取奖励的，平台有权取消奖励。',
];

/** How strips are exchanged (/paperDetails). */
export const EXCHANGE_RULES: readonly string[] = [
  `试纸通过邀请亲友注册获得，每成功邀请1位得${STRIPS_PER_INVITATION}条。`,
  `满${STRIPS_TO_EXCHANGE}条即可兑换，每次兑换使用${STRIPS_TO_EXCHANGE}条，可在商城的试纸兑换专区选择商品。`,
  '试纸只能兑换商品，不能提现，也不能转让给他人。',
  `被邀请的亲友${INVITATION_REVOKE_DAYS}天内注销账号的，对应奖励会被扣回。`,
  '注销账号后，账户中的试纸将一并清除。',
];

/** A numbered list of rules under a heading. */
export function RuleList({ title, rules }: { title: string; rules: readonly string[] }) {
  return (
    <section aria-label={title} className={styles.ruleSection}>
      <h2 className={styles.ruleHeading}>{title}</h2>
      <ol className={styles.ruleList}>
        {rules.map((rule) => (
          <li key={rule} className={styles.ruleItem}>
            {rule}
          </li>
        ))}
      </ol>
    </section>
  );
}
