import styles from './PageLoading.module.css';

/**
 * Shown while a page's code chunk loads: antd-mobile's SpinLoading drawn in CSS alone (the same
 * circle, arc and turn), so the start-up bundle does not carry its animation library for it.
 */
export function PageLoading() {
  return (
    <div role="status" aria-label="加载中" className={styles.pageLoadingBox}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className={styles.pageLoadingSpinner}>
        <circle
          cx="16"
          cy="16"
          r="15"
          fill="transparent"
          strokeWidth="2"
          strokeLinecap="square"
          className={styles.pageLoadingArc}
        />
      </svg>
    </div>
  );
}
