import { SpinLoading } from 'antd-mobile';

/** Shown while a page's code chunk loads. */
export function PageLoading() {
  return (
    <div
      role="status"
      aria-label="加载中"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '60vh' }}
    >
      <SpinLoading color="primary" style={{ '--size': '32px' }} />
    </div>
  );
}
