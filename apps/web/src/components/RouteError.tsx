import { Button } from 'antd-mobile';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from './useDocumentTitle';

/** Route error screen, e.g. when a page's code chunk fails to load on a weak network. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('出错了');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div role="alert" style={{ padding: '80px 24px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 20, margin: '0 0 8px' }}>页面加载失败</h1>
      <p style={{ color: 'var(--adm-color-weak)', margin: '0 0 24px' }}>
        请检查网络后重试{detail === null ? '' : `（${detail}）`}
      </p>
      <Button color="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}
