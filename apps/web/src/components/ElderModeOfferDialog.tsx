import { Button, Dialog } from 'antd-mobile';
import styles from './ElderModeOffer.module.css';

/** The offer itself (ElderModeOffer decides whether it is shown): turn 长辈模式 on, or not now. */
export default function ElderModeOfferDialog({ onChoose }: { onChoose: (on: boolean) => void }) {
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
            <Button block color="primary" size="large" onClick={() => onChoose(true)}>
              开启长辈模式
            </Button>
            <Button block size="large" onClick={() => onChoose(false)}>
              暂不开启
            </Button>
          </div>
        </div>
      }
    />
  );
}
