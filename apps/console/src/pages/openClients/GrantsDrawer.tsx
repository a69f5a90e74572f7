// One client's 授权记录: the patients' grants to it, newest first, 20 a page — the patient masked
// by the API (name and phone), when granted, what they allowed in the consent screen's words, and
// whether it is still 有效 or 已取消 (and when). Read-only: 停用 on the client stops every grant at
// once. Each page read is audited by the API (docs/adr/0235-client-grants-in-the-console.md).
import { Drawer, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { formatTime } from '../../format';
import { PagedTable } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { scopeText, type OAuthClient } from './openText';
import styles from './OpenClients.module.css';

type Grant = Schema<'OAuthClientGrant'>;

const PAGE_SIZE = 20;

const columns: TableColumnsType<Grant> = [
  {
    title: '患者',
    key: 'patient',
    render: (_value, grant) => (
      <div className={styles.twoLines}>
        <span>{grant.patientName || '未填昵称'}</span>
        <Typography.Text type="secondary">{grant.patientPhone || '未绑定手机'}</Typography.Text>
      </div>
    ),
  },
  { title: '授权时间', key: 'grantedAt', render: (_value, grant) => formatTime(grant.grantedAt) },
  {
    title: '授权内容',
    key: 'scopes',
    render: (_value, grant) => (
      <ul className={styles.scopeList}>
        {grant.scopes.map((scope) => (
          <li key={scope}>{scopeText(scope)}</li>
        ))}
      </ul>
    ),
  },
  {
    title: '状态',
    key: 'state',
    render: (_value, grant) =>
      grant.revokedAt ? (
        <div className={styles.twoLines}>
          <span>
            <Tag color="default">已取消</Tag>
          </span>
          <Typography.Text type="secondary">{formatTime(grant.revokedAt)}</Typography.Text>
        </div>
      ) : (
        <Tag color="green">有效</Tag>
      ),
  },
];

export function GrantsDrawer({ client, onClose }: { client: OAuthClient | null; onClose: () => void }) {
  const [pageNo, setPageNo] = useState(1);
  const clientId = client?.clientId;
  useEffect(() => setPageNo(1), [clientId]);
  const grants = useConsoleData(
    (signal) =>
      clientId
        ? api.GET('/console/v1/open/clients/{clientId}/grants', {
            params: { path: { clientId }, query: { pageNo, pageSize: PAGE_SIZE } },
            signal,
          })
        : Promise.resolve(undefined),
    [clientId, pageNo],
  );

  return (
    <Drawer
      title={client ? `授权记录：${client.name}` : '授权记录'}
      open={client !== null}
      size={880}
      onClose={onClose}
      destroyOnHidden
    >
      {client ? (
        <>
          <Typography.Paragraph type="secondary">
            患者在授权管理中取消后显示为已取消。停用应用会立即停止全部授权，无需逐条处理。
          </Typography.Paragraph>
          <PagedTable<Grant>
            rowKey="grantId"
            columns={columns}
            locale={{ emptyText: '还没有患者授权该应用' }}
            list={grants}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            unit="条"
            onPageChange={setPageNo}
          />
        </>
      ) : null}
    </Drawer>
  );
}
