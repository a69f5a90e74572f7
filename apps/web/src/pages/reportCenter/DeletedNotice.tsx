import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';

/** The full-page notice for a record that no longer exists, with a way back to the list. */
export function DeletedNotice({ tab }: { tab: 'sugar' | 'pressure' }) {
  const navigate = useNavigate();
  return (
    <div
      role="alert"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 20,
        background: '#fff',
      }}
    >
      <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
        <circle cx="36" cy="36" r="32" fill="#f5f6f8" stroke="#d9dce1" strokeWidth="2" />
        <path d="M24 24l24 24M48 24L24 48" stroke="#b5b9c0" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <div style={{ fontSize: 16, color: 'var(--adm-color-text-secondary)' }}>数据已被删除</div>
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
