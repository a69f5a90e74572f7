import { Button } from 'antd-mobile';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from './useDocumentTitle';
import styles from './RouteError.module.css';

/** Route error screen, e.g. when a page's code chunk fails to load on a weak network. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('出错了');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div role="alert" className={styles.routeErrorBox}>
      <h1 className={styles.routeErrorTitle}>页面加载失败</h1>
      <p className={styles.routeErrorText}>请检查网络后重试{detail === null ? '' : `（${detail}）`}</p>
      <Button color="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}
