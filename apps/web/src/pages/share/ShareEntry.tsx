import type { ShareKind } from '@glucoguard/domain';
import { Link } from 'react-router-dom';
import styles from './ShareEntry.module.css';

/** The sugar and pressure tables' way to /share/manage: a small link under their range picker. */
export function ShareEntry({ kind }: { kind: ShareKind }) {
  return (
    <div className={styles.shareEntryBox}>
      <Link to={`/share/manage?kind=${kind}`} className={styles.shareEntryLink}>
        分享数据表
      </Link>
    </div>
  );
}
