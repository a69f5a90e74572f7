import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/useDocumentTitle';

/** Any address without a page. */
export default function NotFoundPage() {
  useDocumentTitle('页面不存在');
  return (
    <main
      style={{
        minHeight: '100%',
        padding: '96px 24px',
        textAlign: 'center',
        background: 'var(--adm-color-background)',
      }}
    >
      <div
        aria-hidden="true"
        style={{ fontSize: 56, fontWeight: 700, color: 'var(--adm-color-light)', letterSpacing: 4 }}
      >
        404
      </div>
      <h1 style={{ fontSize: 20, margin: '12px 0 8px' }}>页面不存在</h1>
      <p style={{ color: 'var(--adm-color-weak)', margin: '0 0 28px', lineHeight: 1.6 }}>
        您访问的页面不存在或暂未开放。
      </p>
      <Link
        to="/"
        replace
        style={{
          display: 'inline-block',
          padding: '10px 32px',
          borderRadius: 20,
          background: 'var(--adm-color-primary)',
          color: '#fff',
          textDecoration: 'none',
        }}
      >
        返回首页
      </Link>
    </main>
  );
}
