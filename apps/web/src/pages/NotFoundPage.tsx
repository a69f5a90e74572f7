import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/useDocumentTitle';
import styles from './NotFoundPage.module.css';

/** Any address without a page. */
export default function NotFoundPage() {
  useDocumentTitle('页面不存在');
  return (
    <main className={styles.notFoundPageMain}>
      <div aria-hidden="true" className={styles.notFoundPageBox}>
        404
      </div>
      <h1 className={styles.notFoundPageTitle}>页面不存在</h1>
      <p className={styles.notFoundPageText}>您访问的页面不存在或暂未开放。</p>
      <Link to="/" replace className={styles.notFoundPageLink}>
        返回首页
      </Link>
    </main>
  );
}
