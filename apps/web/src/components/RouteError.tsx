import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reportRouteError } from '../errorReporting';
import { useDocumentTitle } from './useDocumentTitle';
import styles from './RouteError.module.css';

/**
 * Route error screen, e.g. when a page's code chunk fails to load on a weak network; the error
 * (a framework error the window never sees) goes to the front log.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) {
      reportRouteError(error);
    }
  }, [error]);
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
