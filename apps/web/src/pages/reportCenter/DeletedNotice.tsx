import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import styles from './DeletedNotice.module.css';
import { tokens } from '@glucoguard/ui';

/** The full-page notice for a record that no longer exists, with a way back to the list. */
export function DeletedNotice({ tab }: { tab: 'sugar' | 'pressure' }) {
  const navigate = useNavigate();
  return (
    <div role="alert" className={styles.deletedNoticeBox}>
      <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
        <circle cx="36" cy="36" r="32" fill={tokens.colorPage} stroke={tokens.colorIllustrationLine} strokeWidth="2" />
        <path
          d="M24 24l24 24M48 24L24 48"
          stroke={tokens.colorIllustrationMark}
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <div className={styles.deletedNoticeBox2}>数据已被删除</div>
      <Button
        color="primary"
        onClick={() => {
          sessionStorage.setItem('glucoguard.reportCenterTab', tab);
          void navigate('/reportCenter/reportCenter', { replace: true });
        }}
      >
        返回数据列表
      </Button>
    </div>
  );
}
