import { Spin } from 'antd';
import styles from './ConsoleLayout.module.css';

export function PageLoading() {
  return (
    <div className={styles.loading}>
      <Spin size="large" />
    </div>
  );
}
