import { isElderByBirthYear } from '@glucoguard/domain';
import { Button, Dialog } from 'antd-mobile';
import { useElderMode } from '../store/elderMode';
import { useSession } from '../store/session';
import styles from './ElderModeOffer.module.css';

/**
 * The one-time offer of 长辈模式 (ADR 0041): shown to a signed-in user whose birth year makes them
 * 60 or older (the domain's isElderByBirthYear), as long as nobody has chosen on this device yet,
 * in the offer or in 设置. Either answer is remembered, so it never comes back.
 */
export function ElderModeOffer({ now = Date.now }: { now?: () => number }) {
  const birthday = useSession((state) => (state.isAuth === '1' ? (state.customer?.birthday ?? null) : null));
  const chosen = useElderMode((state) => state.chosen);
  const choose = useElderMode((state) => state.choose);
  if (chosen || !isElderByBirthYear(birthday, now())) {
    return null;
  }
  return (
    <Dialog
      visible
      aria-label="开启长辈模式？"
      title={<span className={styles.elderModeOfferTitle}>开启长辈模式？</span>}
      closeOnMaskClick={false}
      actions={[]}
      content={
        <div>
          <p className={styles.elderModeOfferText}>字更大、按钮更大、颜色更清楚，页面的布局和用法都不变。</p>
          <p className={`${styles.elderModeOfferText} ${styles.elderModeOfferNote}`}>
            以后可以随时在「我的」→「设置」里打开或关闭。
          </p>
          <div className={styles.elderModeOfferActions}>
            <Button block color="primary" size="large" onClick={() => choose(true)}>
              开启长辈模式
            </Button>
            <Button block size="large" onClick={() => choose(false)}>
              暂不开启
            </Button>
          </div>
        </div>
      }
    />
  );
}
