import { formatChinaTime } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Button, Dialog, DotLoading } from 'antd-mobile';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import styles from './AuthorizedAppsPage.module.css';

function loadGrants() {
  return api().GET('/oauth/v1/grants');
}

type Grant = Awaited<ReturnType<typeof loadGrants>>['items'][number];

/** Asked before a grant is revoked. */
function revokeQuestion(clientName: string): string {
  return `取消后，「${clientName}」将立即无法再访问您的数据。如需再次使用，要在该应用中重新授权。确定取消授权吗？`;
}

/**
 * /authorizedApps, 设置 → 授权管理 (issue 23): every app the patient allowed, who provides it, when it
 * was allowed and what it can do, each with 取消授权 after a confirmation; the app's tokens stop
 * working at once (docs/adr/0229-consent-and-authorized-apps-pages.md).
 */
export default function AuthorizedAppsPage() {
  useDocumentTitle('授权管理');
  const read = useApiData(loadGrants, '', { onError: (error) => showError(error, '授权列表加载失败') });
  const grants: Grant[] | null = read.data?.items ?? null;
  const { run } = useSubmitGuard({ loader: false });

  const revoke = async (grant: Grant) => {
    const confirmed = await Dialog.confirm({
      title: '取消授权',
      content: revokeQuestion(grant.client.name),
      confirmText: '取消授权',
      cancelText: '再想想',
    });
    if (!confirmed) {
      return;
    }
    await run(async () => {
      try {
        await api().POST('/oauth/v1/grants/{grantId}/revoke', {
          params: { path: { grantId: grant.grantId } },
          body: {},
        });
      } catch (error) {
        return () => showError(error, '取消授权失败，请稍后再试');
      }
      read.mutate((current) =>
        current === null ? current : { ...current, items: current.items.filter((g) => g.grantId !== grant.grantId) },
      );
      return () => toast('已取消授权');
    });
  };

  if (grants === null) {
    return (
      <div className={styles.loading}>
        {read.failed ? (
          <EmptyState title="授权列表加载失败">
            <Button color="primary" onClick={read.reload}>
              重新加载
            </Button>
          </EmptyState>
        ) : (
          <DotLoading aria-label="加载中" />
        )}
      </div>
    );
  }
  return (
    <main className={styles.page}>
      {grants.length === 0 ? null : (
        <p className={styles.intro}>
          这里列出您同意过读取或使用您健康数据的其他应用。取消授权后，该应用立即无法再访问您的数据。
        </p>
      )}
      {grants.length === 0 ? (
        <EmptyState
          title="还没有授权任何应用"
          description={
            <span className={styles.emptyHint}>
              当其他应用（如医院、保险公司的健康服务）请求读取您的数据并得到您的同意后，会显示在这里。
            </span>
          }
        />
      ) : (
        <ul className={styles.list} aria-label="已授权的应用">
          {grants.map((grant) => (
            <li key={grant.grantId} className={styles.card} aria-label={grant.client.name}>
              <div className={styles.head}>
                <div className={styles.appMark} aria-hidden>
                  {Array.from(grant.client.name)[0] ?? '?'}
                </div>
                <div className={styles.headText}>
                  <h2 className={styles.appName}>{grant.client.name}</h2>
                  <div className={styles.organisation}>由 {grant.client.organisation} 提供</div>
                </div>
              </div>
              <div className={styles.when}>
                授权时间：{formatChinaTime(Date.parse(grant.createdAt), 'YYYY-MM-DD HH:mm')}
              </div>
              <div className={styles.canLabel}>它可以：</div>
              <ul className={styles.scopes} aria-label={`${grant.client.name}的权限`}>
                {grant.scopes.map((scope) => (
                  <li key={scope.scope} className={styles.scope}>
                    {scope.text}
                  </li>
                ))}
              </ul>
              <Button block color="danger" fill="outline" className={styles.revoke} onClick={() => void revoke(grant)}>
                取消授权
              </Button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
