import { Button } from 'antd-mobile';
import { copyText } from '../../ui/clipboard';
import { toast } from '../../ui/toast';
import styles from './InviteCodeCard.module.css';

/** The user's own invite code, large, with a button that copies it to send to a friend. */
export function InviteCodeCard({ inviteCode, count }: { inviteCode: string; count: number }) {
  const copy = async () => {
    toast((await copyText(inviteCode)) ? '邀请码已复制，发给亲友注册时填写' : `复制失败，请记下邀请码 ${inviteCode}`);
  };
  return (
    <section aria-label="我的邀请码" className={styles.card}>
      <div className={styles.label}>我的邀请码</div>
      <div data-testid="invite-code" className={styles.code}>
        {inviteCode}
      </div>
      <Button size="middle" shape="rounded" color="primary" fill="outline" onClick={() => void copy()}>
        复制邀请码
      </Button>
      <div className={styles.count}>
        已邀请 <strong className={styles.countFigure}>{count}</strong> 人注册
      </div>
    </section>
  );
}
