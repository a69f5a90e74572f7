import type { ShareKind } from '@glucoguard/domain';
import { Link } from 'react-router-dom';

/** The sugar and pressure tables' way to /share/manage: a small link under their range picker. */
export function ShareEntry({ kind }: { kind: ShareKind }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '4px 12px' }}>
      <Link to={`/share/manage?kind=${kind}`} style={{ fontSize: 13, color: 'var(--adm-color-primary)' }}>
        分享数据表
      </Link>
    </div>
  );
}
