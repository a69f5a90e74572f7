// 应用接入 (admin): the integrators' OAuth clients, newest first, by name, organisation or client id
// and by state. 登记应用 makes a client and shows its secret once; 编辑 changes its settings; 重置密钥
// shows a new secret once (the old one stops at once); 停用 stops the client and its tokens at once,
// 启用 lets it back; 推送订阅 opens its webhook subscriptions. 授权用户 counts the patients who
// currently allow the client, and opens its 授权记录 (docs/adr/0235). Audited by the API
// (docs/adr/0220-client-registration-in-the-console.md).
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OPEN_GRANT_TYPE_LABELS } from '@glucoguard/domain';
import { api } from '../../api';

import { ListFilters, ListPage, PagedTable } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { ClientDialog } from './ClientDialog';
import { GrantsDrawer } from './GrantsDrawer';
import { CLIENT_STATE_OPTIONS, formatDay, scopeText, type OAuthClient, type OAuthClientListItem } from './openText';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import styles from './OpenClients.module.css';

const PAGE_SIZE = 20;

export default function OpenClientsPage() {
  const { message, modal } = App.useApp();
  const [keyword, setKeyword] = useState<string>();
  const [disabled, setDisabled] = useState<0 | 1 | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<OAuthClient | 'new' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [grantsOf, setGrantsOf] = useState<OAuthClient | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/open/clients', {
        params: { query: { keyword, disabled, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [keyword, disabled, pageNo],
  );

  const rotate = (client: OAuthClient) =>
    modal.confirm({
      title: `重置 ${client.name} 的密钥？`,
      content: '旧密钥立即失效，对接方须换用新密钥才能再换取令牌。新密钥只显示一次。',
      okText: '重置密钥',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const rotated = await api.POST('/console/v1/open/clients/{clientId}/secret', {
            params: { path: { clientId: client.clientId } },
          });
          setSecret({ ...rotated, clientName: client.name, kind: 'rotated' });
        } catch (failure) {
          list.fail(failure);
        }
      },
    });

  const switchOnOff = async (client: OAuthClient, off: boolean) => {
    try {
      await api.POST('/console/v1/open/clients/{clientId}', {
        params: { path: { clientId: client.clientId } },
        body: { disabled: off },
      });
      void message.success(off ? `已停用 ${client.name}` : `已启用 ${client.name}`);
      list.reload();
    } catch (failure) {
      list.fail(failure);
    }
  };

  const disable = (client: OAuthClient) =>
    modal.confirm({
      title: `停用 ${client.name}？`,
      content: '停用后该应用不能再换取令牌，已签发的令牌立即失效；患者的授权保留，重新启用后恢复。',
      okText: '停用',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => switchOnOff(client, true),
    });

  const columns: TableColumnsType<OAuthClientListItem> = [
    {
      title: '应用',
      key: 'name',
      render: (_value, client) => (
        <div className={styles.twoLines}>
          <span>{client.name}</span>
          <span className={styles.clip} title={client.organisation}>
            {client.contactPhone ? `${client.organisation} · ${client.contactPhone}` : client.organisation}
          </span>
          <Typography.Text type="secondary" className={styles.id} copyable={{ text: client.clientId }}>
            {client.clientId}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '权限与授权方式',
      key: 'scopes',
      render: (_value, client) => (
        <div className={`${styles.twoLines} ${styles.wrap}`}>
          <div className={styles.tags}>
            {client.allowedScopes.map((scope) => (
              <Tooltip key={scope} title={scopeText(scope)}>
                <Tag className={styles.mono}>{scope}</Tag>
              </Tooltip>
            ))}
          </div>
          <Typography.Text type="secondary">
            {client.grantTypes.map((grant) => OPEN_GRANT_TYPE_LABELS[grant]).join('、')} · 每分钟{' '}
            {client.rateLimitPerMinute} 次
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '授权用户',
      key: 'grantCount',
      render: (_value, client) => (
        <Button
          type="link"
          className={styles.countLink}
          aria-label={`查看 ${client.name} 的授权记录`}
          onClick={() => setGrantsOf(client)}
        >
          {client.grantCount} 人
        </Button>
      ),
    },
    {
      title: '状态',
      key: 'disabled',
      render: (_value, client) => (
        <div className={styles.twoLines}>
          <span>{client.disabled ? <Tag color="default">已停用</Tag> : <Tag color="green">启用中</Tag>}</span>
          <Typography.Text type="secondary">登记于 {formatDay(client.createTime)}</Typography.Text>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, client) => (
        <Space size={0} wrap className={styles.actions}>
          <Button type="link" aria-label={`编辑应用 ${client.name}`} onClick={() => setEditing(client)}>
            编辑
          </Button>
          <Button type="link" aria-label={`重置 ${client.name} 的密钥`} onClick={() => void rotate(client)}>
            重置密钥
          </Button>
          {client.disabled ? (
            <Button type="link" aria-label={`启用 ${client.name}`} onClick={() => void switchOnOff(client, false)}>
              启用
            </Button>
          ) : (
            <Button type="link" danger aria-label={`停用 ${client.name}`} onClick={() => void disable(client)}>
              停用
            </Button>
          )}
          <Link to={`/open/webhooks?clientId=${encodeURIComponent(client.clientId)}`} className={styles.link}>
            推送订阅
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title="应用接入" addLabel="登记应用" onReload={list.reload} onAdd={() => setEditing('new')}>
      <ListFilters
        keyword={{ label: '应用名称、机构或 Client ID', onSearch: setKeyword }}
        choice={{
          label: '应用状态',
          options: CLIENT_STATE_OPTIONS,
          onChange: setDisabled,
        }}
        onFilter={() => setPageNo(1)}
      />
      <PagedTable<OAuthClientListItem>
        rowKey="clientId"
        className={styles.table}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: keyword || disabled !== undefined ? '没有符合条件的应用' : '还没有登记应用' }}
        list={list}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        unit="个"
        onPageChange={setPageNo}
      />
      <ClientDialog
        open={editing !== null}
        client={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setEditing(null);
          setSecret({
            clientId: created.client.clientId,
            clientName: created.client.name,
            clientSecret: created.clientSecret,
            kind: 'created',
          });
          list.reload();
        }}
        onSaved={(saved) => {
          setEditing(null);
          void message.success(`${saved.name} 已保存`);
          list.reload();
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <GrantsDrawer client={grantsOf} onClose={() => setGrantsOf(null)} />
    </ListPage>
  );
}
