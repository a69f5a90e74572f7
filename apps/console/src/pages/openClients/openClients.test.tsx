// The open platform pages in jsdom against a stubbed network answering as the API does: 应用接入's
// registration (what the form sends, the domain's refusal before sending, the secret shown once
// until 我已保存密钥), 编辑, 重置密钥 and 停用 with their confirmations, and 推送订阅's subscriptions
// by client, one delivery log with every attempt, and 重新推送 with the API's refusal shown.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import type { Schema } from '@glucoguard/sdk';
import { refusal, sent, stubNetwork } from '../../../test/network';
import OpenClientsPage from './OpenClientsPage';
import WebhooksPage from './WebhooksPage';
import { formatTime } from '../../format';
import { redirectUrisOf } from './openText';
import { CLIENT_ID, oauthClient, webhookSubscription } from './testData';

type Delivery = Schema<'WebhookDelivery'>;

const shown = (ui: React.ReactNode, at = '/') =>
  render(
    // Without motion a closed dialog leaves the page at once (jsdom never ends an animation).
    <ConfigProvider button={{ autoInsertSpace: false }} theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </App>
    </ConfigProvider>,
  );

const button = (name: string) => screen.getByRole('button', { name });

/** The open dialog (or confirmation) titled `title`: the newest, as a closed one may linger while it fades. */
async function modal(title: string): Promise<HTMLElement> {
  const headings = await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' });
  return headings.at(-1)!.closest('.ant-modal') as HTMLElement;
}

const page = (items: unknown[]) => ({ items, currentPage: 1, totalPage: 1, total: items.length });

const SECRET = 'gg_secret_9mZk2LpT0aWc9xN1bHq3vY8mZk2LpT0aWc9xN1bHq3v';

const client = oauthClient;
const subscription = webhookSubscription;

function delivery(change: Partial<Delivery> = {}): Delivery {
  return {
    deliveryId: '7a2e3d4c-0000-4000-8000-0000000000d1',
    subscriptionId: '6f1d2c3b-0000-4000-8000-00000000000a',
    eventId: 'msg_2Vb7Yk3c9QeW',
    eventType: 'reading.created',
    status: 'succeeded',
    chain: 1,
    createdAt: '2026-11-27T02:00:00.000Z',
    nextAttemptAt: null,
    payload: {
      type: 'reading.created',
      timestamp: '2026-11-27T02:00:00.000Z',
      data: {
        patientId: 'b3f1c2d4-0000-4000-8000-000000000001',
        reading: {
          id: 'glucose-1',
          kind: 'glucose',
          patientId: 'b3f1c2d4-0000-4000-8000-000000000001',
          measuredAt: '2026-11-27T10:00:00+08:00',
          source: 'meter',
          glucose: { mmolL: 6.2, timeType: 1 },
        },
      },
    },
    attempts: [
      {
        chain: 1,
        attemptNo: 1,
        startedAt: '2026-11-27T02:00:01.000Z',
        statusCode: 500,
        durationMs: 41,
        error: '接收方返回 HTTP 500',
      },
      { chain: 1, attemptNo: 2, startedAt: '2026-11-27T02:00:06.000Z', statusCode: 200, durationMs: 35, error: null },
    ],
    ...change,
  };
}

describe('应用接入', () => {
  it('lists the clients with their scopes, grant types, limit and state, and searches', async () => {
    const calls = stubNetwork(() =>
      page([client(), client({ clientId: 'gg_client_other', name: '保险健康计划', disabled: true })]),
    );
    shown(<OpenClientsPage />);
    expect(await screen.findByText('慢病随访系统')).toBeTruthy();
    expect(screen.getByText(CLIENT_ID)).toBeTruthy();
    expect(screen.getAllByText('readings.read').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('table')).getAllByText('授权码（患者授权）、刷新令牌 · 每分钟 600 次').length).toBe(
      2,
    );
    expect(screen.getByText('启用中')).toBeTruthy();
    expect(screen.getByText('已停用')).toBeTruthy();
    expect(screen.getByRole('button', { name: '启用 保险健康计划' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('应用名称、机构或 Client ID'), { target: { value: ' 随访 ' } });
    fireEvent.click(button('搜索'));
    await waitFor(() => expect(calls.at(-1)?.query.get('keyword')).toBe('随访'));
    expect(calls.at(-1)?.path).toBe('/api/console/v1/open/clients');
  });

  it('registers a client and shows its secret once, until 我已保存密钥', async () => {
    const calls = stubNetwork(({ method }) =>
      method === 'POST' ? { client: client(), clientSecret: SECRET } : page([]),
    );
    shown(<OpenClientsPage />);
    expect(await screen.findByText('还没有登记应用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /登记应用/ }));
    const dialog = await modal('登记应用');
    fireEvent.change(within(dialog).getByLabelText('应用名称（患者授权时可见）'), {
      target: { value: ' 慢病随访系统 ' },
    });
    fireEvent.change(within(dialog).getByLabelText('所属机构（患者授权时可见）'), {
      target: { value: '测试市第一人民医院' },
    });
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '021-55550123' } });
    fireEvent.change(within(dialog).getByLabelText('回调地址（每行一个，授权时逐字匹配）'), {
      target: { value: 'https://followup.hospital.example.cn/oauth/callback\n\n  http://127.0.0.1:8700/cb  ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /reports\.read/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '登记并生成密钥' }));

    const secret = await modal('应用已登记：慢病随访系统');
    expect(within(secret).getByText(SECRET)).toBeTruthy();
    expect(within(secret).getByText(/密钥只显示这一次/)).toBeTruthy();
    expect(sent(calls.filter((c) => c.method === 'POST'))).toEqual([
      {
        method: 'POST',
        path: '/api/console/v1/open/clients',
        body: {
          name: '慢病随访系统',
          organisation: '测试市第一人民医院',
          contactPhone: '021-55550123',
          contactEmail: '',
          redirectUris: ['https://followup.hospital.example.cn/oauth/callback', 'http://127.0.0.1:8700/cb'],
          allowedScopes: ['readings.read', 'reports.read'],
          grantTypes: ['authorization_code', 'refresh_token'],
          rateLimitPerMinute: 600,
        },
      },
    ]);
    // A click beside the dialog or Escape does not close it: only the button does.
    fireEvent.keyDown(secret, { key: 'Escape' });
    expect(screen.getByText(SECRET)).toBeTruthy();
    fireEvent.click(within(secret).getByRole('button', { name: '我已保存密钥' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('names a mismatch of scopes and grant types before sending anything', async () => {
    const calls = stubNetwork(() => page([]));
    shown(<OpenClientsPage />);
    await screen.findByText('还没有登记应用');
    fireEvent.click(screen.getByRole('button', { name: /登记应用/ }));
    const dialog = await modal('登记应用');
    fireEvent.change(within(dialog).getByLabelText('应用名称（患者授权时可见）'), { target: { value: '设备登记' } });
    fireEvent.change(within(dialog).getByLabelText('所属机构（患者授权时可见）'), {
      target: { value: '测试器械公司' },
    });
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13800000000' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '授权码（患者授权）' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '客户端凭证（机构自身）' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '登记并生成密钥' }));
    expect(await within(dialog).findByText('读取或写入患者数据的权限须开通授权码方式')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("edits a client's settings, with the API's refusal shown in the dialog", async () => {
    const calls = stubNetwork(({ method }) =>
      method === 'POST'
        ? refusal(40000, 400, '回调地址必须以 https:// 开头（本机调试可用 http://127.0.0.1）：http://x.cn')
        : page([client()]),
    );
    shown(<OpenClientsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '编辑应用 慢病随访系统' }));
    const dialog = await modal('编辑应用：慢病随访系统');
    expect(within(dialog).getByLabelText<HTMLInputElement>('应用名称（患者授权时可见）').value).toBe('慢病随访系统');
    fireEvent.change(within(dialog).getByLabelText('每分钟调用上限'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText(/回调地址必须以 https:\/\/ 开头/)).toBeTruthy();
    const save = calls.find((c) => c.method === 'POST');
    expect(save?.path).toBe(`/api/console/v1/open/clients/${CLIENT_ID}`);
    expect(save?.body).toMatchObject({ rateLimitPerMinute: 120, redirectUris: client().redirectUris });
  });

  it('rotates the secret after a confirmation and shows the new one once', async () => {
    const calls = stubNetwork(({ path }) =>
      path.endsWith('/secret') ? { clientId: CLIENT_ID, clientSecret: SECRET } : page([client()]),
    );
    shown(<OpenClientsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '重置 慢病随访系统 的密钥' }));
    const confirm = await modal('重置 慢病随访系统 的密钥？');
    expect(within(confirm).getByText(/旧密钥立即失效/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '重置密钥' }));
    const secret = await modal('新密钥：慢病随访系统');
    expect(within(secret).getByText(SECRET)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/console/v1/open/clients/${CLIENT_ID}/secret`,
    ]);
  });

  it('disables a client after a confirmation, and enables one without', async () => {
    const calls = stubNetwork(({ method }) =>
      method === 'POST'
        ? client()
        : page([client(), client({ clientId: 'gg_client_other', name: '保险健康计划', disabled: true })]),
    );
    shown(<OpenClientsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '停用 慢病随访系统' }));
    const confirm = await modal('停用 慢病随访系统？');
    expect(within(confirm).getByText(/已签发的令牌立即失效/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '启用 保险健康计划' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(sent(calls.filter((c) => c.method === 'POST'))).toEqual([
      { method: 'POST', path: `/api/console/v1/open/clients/${CLIENT_ID}`, body: { disabled: true } },
      { method: 'POST', path: '/api/console/v1/open/clients/gg_client_other', body: { disabled: false } },
    ]);
  });
});

describe('推送订阅', () => {
  it("lists one client's subscriptions from the address, with the notice its contact got", async () => {
    const calls = stubNetwork(({ path }) =>
      path.endsWith('/open/clients')
        ? page([client()])
        : page([
            subscription({ previousSecretExpiresAt: new Date(Date.now() + 5.5 * 3_600_000).toISOString() }),
            subscription({
              subscriptionId: '6f1d2c3b-0000-4000-8000-00000000000b',
              url: 'https://followup.hospital.example.cn/hooks/old',
              enabled: false,
              disabledReason: 'failures',
              disabledAt: '2026-11-26T02:00:00.000Z',
              consecutiveFailures: 20,
              notice: {
                text: '您的推送订阅因连续20次投递失败已停用',
                phone: '021-55550123',
                email: null,
                at: '2026-11-26T02:00:00.000Z',
                sms: { status: 'sent', at: '2026-11-26T02:00:05.000Z', error: null },
              },
            }),
          ]),
    );
    shown(<WebhooksPage />, `/open/webhooks?clientId=${CLIENT_ID}`);
    expect(await screen.findByText('连续失败已停用')).toBeTruthy();
    expect(screen.getByText('推送中')).toBeTruthy();
    expect(screen.getAllByText('新增测量').length).toBe(2);
    expect(screen.getByText('连续失败 0 次')).toBeTruthy();
    // The first one's secret was rotated: its previous secret still signs for 6 hours (rounded up).
    expect(screen.getByText('密钥轮换中')).toBeTruthy();
    expect(screen.getByText('旧密钥 6 小时后失效')).toBeTruthy();
    expect(screen.getByText(/^停用于 /)).toBeTruthy();
    expect(screen.getByText(/已通知 021-55550123：您的推送订阅因连续20次投递失败已停用/)).toBeTruthy();
    expect(screen.getByText(new RegExp(`（已短信通知 ${formatTime('2026-11-26T02:00:05.000Z')}）$`))).toBeTruthy();
    const lists = calls.filter((c) => c.path === '/api/console/v1/open/webhooks');
    expect(lists.map((c) => c.query.get('clientId'))).toEqual([CLIENT_ID]);
  });

  it('opens the delivery log with every attempt and replays a delivery, showing a refusal', async () => {
    let replays = 0;
    const calls = stubNetwork(({ path }) => {
      if (path.endsWith('/open/clients')) {
        return page([client()]);
      }
      if (path.endsWith('/deliveries')) {
        return page([
          delivery(),
          delivery({
            deliveryId: '7a2e3d4c-0000-4000-8000-0000000000d2',
            eventId: 'msg_pending',
            status: 'pending',
            attempts: [],
          }),
        ]);
      }
      if (path.endsWith('/replay')) {
        replays += 1;
        return replays === 1
          ? delivery({ status: 'pending', chain: 2 })
          : refusal(40900, 409, '投递进行中，请稍后再重发');
      }
      return page([subscription()]);
    });
    shown(<WebhooksPage />, '/open/webhooks');
    fireEvent.click(await screen.findByRole('button', { name: `查看 ${subscription().url} 的推送记录` }));
    expect(await screen.findByText('msg_2Vb7Yk3c9QeW')).toBeTruthy();
    expect(screen.getByText('已送达')).toBeTruthy();
    expect(screen.getByText('投递中')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新推送 msg_pending' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getAllByRole('button', { name: /展开行|Expand row/ })[0]!);
    expect(await screen.findByText(/第 1 轮第 1 次 · HTTP 500 · 41 ms · 接收方返回 HTTP 500/)).toBeTruthy();
    expect(screen.getByText(/第 1 轮第 2 次 · HTTP 200 · 35 ms$/)).toBeTruthy();
    expect(screen.getByLabelText('推送内容').textContent).toContain('"mmolL": 6.2');

    fireEvent.click(screen.getByRole('button', { name: '重新推送 msg_2Vb7Yk3c9QeW' }));
    fireEvent.click(within(await modal('重新推送这条事件？')).getByRole('button', { name: '重新推送' }));
    expect(await screen.findByText('已重新推送')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新推送 msg_2Vb7Yk3c9QeW' }));
    fireEvent.click(within(await modal('重新推送这条事件？')).getByRole('button', { name: '重新推送' }));
    expect(await screen.findByText('投递进行中，请稍后再重发')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/console/v1/open/deliveries/7a2e3d4c-0000-4000-8000-0000000000d1/replay',
      '/api/console/v1/open/deliveries/7a2e3d4c-0000-4000-8000-0000000000d1/replay',
    ]);
  });
});

describe('the redirect URI field', () => {
  it('reads one address a line, trimmed, without empty lines', () => {
    expect(redirectUrisOf(' https://a.cn/cb \n\nhttp://127.0.0.1/cb\n')).toEqual([
      'https://a.cn/cb',
      'http://127.0.0.1/cb',
    ]);
    expect(redirectUrisOf(undefined)).toEqual([]);
  });
});
