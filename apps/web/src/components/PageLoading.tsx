import { SpinLoading } from 'antd-mobile';
import styles from './PageLoading.module.css';

/** Shown while a page's code chunk loads. */
export function PageLoading() {
  return (
    <div role="status" aria-label="加载中" className={styles.pageLoadingBox}>
      <SpinLoading color="primary" className={styles.pageLoadingSpinLoading} />
    </div>
  );
}
