// The console's registration of integrators' OAuth clients through real HTTP on a real database
// (issue 23, docs/adr/0220-client-registration-in-the-console.md): admin only, the secret answered
// once and stored only as its hash, settings checked as a whole, partial updates under a row lock,
// disabling and rotating the secret felt at once by the token endpoint — each endpoint in the
// order: authentication, bad input, a client that does not exist, the happy path.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSettingsProblem } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { browseAudit } from '../src/contexts/platform';
import { OAuthClient } from '../src/contexts/open/oauth/oauth.entity';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

type ClientInput = Schema<'OAuthClientInput'>;

let api: TestApi;
const clock = testClock();
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let operator: Awaited<ReturnType<typeof signedInStaff>>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function hospitalApp(over: Partial<ClientInput> = {}): ClientInput {
  return {
    name: '慢病随访系统',
    organisation: '测试市第一人民医院',
    contactPhone: '021-55550123',
    contactEmail: 'it@hospital.example.cn',
    redirectUris: ['https://followup.hospital.example.cn/oauth/callback'],
    allowedScopes: ['readings.read', 'reports.read'],
    grantTypes: ['authorization_code', 'refresh_token'],
    ...over,
  };
}

function meterMaker(over: Partial<ClientInput> = {}): ClientInput {
  return {
    name: '设备登记',
    organisation: '测试医疗器械有限公司',
    contactPhone: '13800000000',
    redirectUris: [],
    allowedScopes: ['devices.provision'],
    grantTypes: ['client_credentials'],
    ...over,
  };
}

const create = (input: ClientInput) => admin.client.POST('/console/v1/open/clients', { body: input });

async function storedRow(clientId: string) {
  return api.app.orm.em.fork().findOneOrFail(OAuthClient, { id: clientId }, { disableIdentityMap: true });
}

/** A client-credentials token request at the token endpoint (RFC 6749 §4.4, HTTP Basic). */
function clientCredentials(clientId: string, secret: string) {
  return fetch(`${api.baseUrl}/oauth/v1/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'devices.provision' }).toString(),
  });
}

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  admin = await signedInStaff(api, 'admin', { now: clock() });
  operator = await signedInStaff(api, 'operator', { now: clock() });
});
afterAll(async () => api?.close());

describe('who may register clients', () => {
  it('refuses a call without a console token, a patient session and every role but admin', async () => {
    expect(await failure(api.client().GET('/console/v1/open/clients', { params: { query: {} } }))).toMatchObject({
      code: 40100,
    });
    const patient = await registeredCustomer(api, '周桂兰');
    expect(await failure(patient.client.GET('/console/v1/open/clients', { params: { query: {} } }))).toMatchObject({
      code: 40100,
    });
    expect(await failure(operator.client.GET('/console/v1/open/clients', { params: { query: {} } }))).toMatchObject({
      code: 40300,
      errMsg: '无权限',
    });
    expect(await failure(operator.client.POST('/console/v1/open/clients', { body: meterMaker() }))).toMatchObject({
      code: 40300,
    });
  });
});

describe('registering a client', () => {
  it('refuses settings that do not go together, with the reason', async () => {
    expect(await failure(create(hospitalApp({ name: '' })))).toMatchObject({
      code: 40000,
      errMsg: '应用名称为1到40个字',
    });
    expect(await failure(create(hospitalApp({ name: '   ' })))).toMatchObject({
      code: 40000,
      errMsg: '应用名称为1到40个字',
    });
    expect(
      await failure(create(hospitalApp({ redirectUris: ['http://followup.hospital.example.cn/cb'] }))),
    ).toMatchObject({
      code: 40000,
      errMsg: '回调地址必须以 https:// 开头（本机调试可用 http://127.0.0.1）：http://followup.hospital.example.cn/cb',
    });
    expect(
      await failure(create(hospitalApp({ redirectUris: ['https://followup.hospital.example.cn/cb#x'] }))),
    ).toMatchObject({
      code: 40000,
      errMsg: '回调地址不能包含用户名、密码或 # 片段：https://followup.hospital.example.cn/cb#x',
    });
    expect(await failure(create(hospitalApp({ grantTypes: ['client_credentials'] })))).toMatchObject({
      code: 40000,
      errMsg: '读取或写入患者数据的权限须开通授权码方式',
    });
    expect(await failure(create(hospitalApp({ redirectUris: [] })))).toMatchObject({
      code: 40000,
      errMsg: '授权码方式须至少登记一个回调地址',
    });
    expect(await failure(create(meterMaker({ grantTypes: ['authorization_code'] })))).toMatchObject({
      code: 40000,
    });
    expect(await failure(create(hospitalApp({ contactEmail: 'not-an-address' })))).toMatchObject({
      code: 40000,
      errMsg: '请输入正确的联系邮箱',
    });
    expect(
      await failure(create({ ...hospitalApp(), allowedScopes: ['openid'] } as unknown as ClientInput)),
    ).toMatchObject({ code: 40000 });
    expect(await failure(create(hospitalApp({ rateLimitPerMinute: 5 })))).toMatchObject({
      code: 40000,
      errMsg: '每分钟调用上限为10到6000次',
    });
  });

  it('answers the secret once and keeps only its SHA-256 hash', async () => {
    const { client, clientSecret } = await create(hospitalApp());
    expect(client.clientId).toMatch(/^gg_client_[A-Za-z0-9_-]{22}$/);
    expect(clientSecret).toMatch(/^gg_secret_[A-Za-z0-9_-]{43}$/);
    expect(client).toMatchObject({
      name: '慢病随访系统',
      organisation: '测试市第一人民医院',
      redirectUris: ['https://followup.hospital.example.cn/oauth/callback'],
      allowedScopes: ['readings.read', 'reports.read'],
      grantTypes: ['authorization_code', 'refresh_token'],
      rateLimitPerMinute: 600,
      disabled: false,
    });
    const row = await storedRow(client.clientId);
    expect(row.secretHash).toBe(sha256(clientSecret));
    expect(JSON.stringify(row)).not.toContain(clientSecret);

    const read = await admin.client.GET('/console/v1/open/clients/{clientId}', {
      params: { path: { clientId: client.clientId } },
    });
    expect(read).toEqual(client);
    const listed = await admin.client.GET('/console/v1/open/clients', { params: { query: { pageSize: 50 } } });
    expect(JSON.stringify([read, listed])).not.toContain('gg_secret_');
    expect(JSON.stringify([read, listed])).not.toContain(row.secretHash);

    const audit = await browseAudit(api.app.em.fork(), { actorId: admin.staff.id, action: 'open.client.create' }, 50);
    expect(audit.map((entry) => entry.target)).toContain(`client:${client.clientId}`);
  });

  it('makes a new id and secret for every client, and the token endpoint takes the secret', async () => {
    const first = await create(meterMaker());
    const second = await create(meterMaker());
    expect(second.client.clientId).not.toBe(first.client.clientId);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    const answer = await clientCredentials(first.client.clientId, first.clientSecret);
    expect(answer.status).toBe(200);
    const token = (await answer.json()) as { access_token: string; token_type: string };
    expect(token.access_token).toMatch(/^oat_/);
    expect(token.token_type).toBe('Bearer');
    expect((await clientCredentials(first.client.clientId, second.clientSecret)).status).toBe(401);
  });
});

describe('the list', () => {
  it('finds clients by part of the name or organisation, a whole id, and by state, newest first', async () => {
    const tag = `检索${Date.now() % 100000}`;
    const older = await create(meterMaker({ name: `${tag}甲`, organisation: '测试甲公司' }));
    clock.advance(60_000);
    const newer = await create(meterMaker({ name: `${tag}乙`, organisation: '测试乙公司' }));
    await admin.client.POST('/console/v1/open/clients/{clientId}', {
      params: { path: { clientId: older.client.clientId } },
      body: { disabled: true },
    });

    const byName = await admin.client.GET('/console/v1/open/clients', { params: { query: { keyword: tag } } });
    expect(byName.items.map((c) => c.clientId)).toEqual([newer.client.clientId, older.client.clientId]);
    expect(byName.total).toBe(2);
    const byOrg = await admin.client.GET('/console/v1/open/clients', { params: { query: { keyword: '测试乙' } } });
    expect(byOrg.items.map((c) => c.clientId)).toContain(newer.client.clientId);
    expect(byOrg.items.map((c) => c.clientId)).not.toContain(older.client.clientId);
    const byId = await admin.client.GET('/console/v1/open/clients', {
      params: { query: { keyword: older.client.clientId } },
    });
    expect(byId.items.map((c) => c.clientId)).toEqual([older.client.clientId]);
    const disabled = await admin.client.GET('/console/v1/open/clients', {
      params: { query: { keyword: tag, disabled: 1 } },
    });
    expect(disabled.items.map((c) => c.clientId)).toEqual([older.client.clientId]);
    const enabled = await admin.client.GET('/console/v1/open/clients', {
      params: { query: { keyword: tag, disabled: 0 } },
    });
    expect(enabled.items.map((c) => c.clientId)).toEqual([newer.client.clientId]);
    const paged = await admin.client.GET('/console/v1/open/clients', {
      params: { query: { keyword: tag, pageNo: 2, pageSize: 1 } },
    });
    expect(paged).toMatchObject({ currentPage: 2, totalPage: 2, total: 2 });
    expect(paged.items.map((c) => c.clientId)).toEqual([older.client.clientId]);
    // A keyword is text, never a pattern.
    const pattern = await admin.client.GET('/console/v1/open/clients', { params: { query: { keyword: '%' } } });
    expect(pattern.items).toEqual([]);
  });
});

describe('changing a client', () => {
  it('answers 40400 for a client that does not exist and 40000 for an id of the wrong shape', async () => {
    expect(
      await failure(
        admin.client.GET('/console/v1/open/clients/{clientId}', { params: { path: { clientId: 'gg_client_nobody' } } }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '应用不存在' });
    expect(
      await failure(
        admin.client.POST('/console/v1/open/clients/{clientId}/secret', {
          params: { path: { clientId: 'gg_client_nobody' } },
        }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '应用不存在' });
    expect(
      await failure(
        admin.client.GET('/console/v1/open/clients/{clientId}', { params: { path: { clientId: 'client-1' } } }),
      ),
    ).toMatchObject({ code: 40000 });
  });

  it('changes only the fields sent, checks the result as a whole, and audits it', async () => {
    const { client } = await create(hospitalApp());
    const path = { clientId: client.clientId };
    clock.advance(60_000);
    const changed = await admin.client.POST('/console/v1/open/clients/{clientId}', {
      params: { path },
      body: {
        redirectUris: ['https://followup.hospital.example.cn/oauth/callback', 'http://127.0.0.1:8700/callback'],
        rateLimitPerMinute: 120,
      },
    });
    expect(changed).toMatchObject({
      name: '慢病随访系统',
      allowedScopes: ['readings.read', 'reports.read'],
      redirectUris: ['https://followup.hospital.example.cn/oauth/callback', 'http://127.0.0.1:8700/callback'],
      rateLimitPerMinute: 120,
      createTime: client.createTime,
    });
    expect(changed.updateTime).not.toBe(client.updateTime);
    // Alone the grant types are fine; with the client's patient scopes they are not.
    expect(
      await failure(
        admin.client.POST('/console/v1/open/clients/{clientId}', {
          params: { path },
          body: { grantTypes: ['client_credentials'] },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '读取或写入患者数据的权限须开通授权码方式' });
    expect(
      await failure(admin.client.POST('/console/v1/open/clients/{clientId}', { params: { path }, body: {} })),
    ).toMatchObject({ code: 40000 });
    expect((await storedRow(client.clientId)).grantTypes).toEqual(['authorization_code', 'refresh_token']);
    const audit = await browseAudit(api.app.em.fork(), { actorId: admin.staff.id, action: 'open.client.update' }, 50);
    expect(audit.map((entry) => entry.target)).toContain(`client:${client.clientId}`);
  });

  // Real PostgreSQL only: the embedded database has one connection, so nothing there runs at once.
  it('lets one of two saves at once win when together they would make settings neither checked', async (ctx) => {
    if (!api.databaseUrl) {
      ctx.skip();
      return;
    }
    const { client } = await create(
      meterMaker({
        redirectUris: ['https://maker.example.cn/cb'],
        grantTypes: ['client_credentials', 'authorization_code'],
      }),
    );
    const path = { clientId: client.clientId };
    // Another transaction holds the row, so both saves are under way before either can finish.
    const holder = new pg.Client({ connectionString: api.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('update oauth_client set updated_at = updated_at where id = $1', [client.clientId]);
      // Each is fine on the stored client; both together would leave a patient scope without the code grant.
      const saves = Promise.allSettled([
        admin.client.POST('/console/v1/open/clients/{clientId}', {
          params: { path },
          body: { grantTypes: ['client_credentials'] },
        }),
        admin.client.POST('/console/v1/open/clients/{clientId}', {
          params: { path },
          body: { allowedScopes: ['devices.provision', 'readings.read'] },
        }),
      ]);
      await untilWaitingOnLocks(holder, 2);
      await holder.query('commit');
      const results = await saves;
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.reason).toMatchObject({ code: 40000 });
    } finally {
      await holder.end();
    }
    expect(clientSettingsProblem(await storedRow(client.clientId))).toBeNull();
  });
});

/** Waits (a bounded number of looks, no time limit asserted) until `count` sessions of this database wait for a lock. */
async function untilWaitingOnLocks(conn: pg.Client, count: number) {
  for (let look = 0; look < 400; look += 1) {
    const { rows } = await conn.query<{ waiting: number }>(
      `select count(distinct l.pid)::int as waiting from pg_locks l
         join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`,
    );
    if ((rows[0]?.waiting ?? 0) >= count) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} sessions ever waited for a lock`);
}

describe('disabling a client and rotating its secret', () => {
  it('stops a disabled client at the token endpoint and its tokens at once, and lets it back', async () => {
    const { client, clientSecret } = await create(meterMaker());
    const path = { clientId: client.clientId };
    const issued = (await (await clientCredentials(client.clientId, clientSecret)).json()) as { access_token: string };
    const webhooks = () =>
      fetch(`${api.baseUrl}/open/v1/webhooks`, { headers: { authorization: `Bearer ${issued.access_token}` } });
    expect((await webhooks()).status).toBe(200);

    const off = await admin.client.POST('/console/v1/open/clients/{clientId}', {
      params: { path },
      body: { disabled: true },
    });
    expect(off.disabled).toBe(true);
    expect((await clientCredentials(client.clientId, clientSecret)).status).toBe(401);
    const refused = await webhooks();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 40100, errMsg: '授权已失效，请重新授权' });

    await admin.client.POST('/console/v1/open/clients/{clientId}', { params: { path }, body: { disabled: false } });
    expect((await clientCredentials(client.clientId, clientSecret)).status).toBe(200);
    expect((await webhooks()).status).toBe(200);
    const actions = (await browseAudit(api.app.em.fork(), { actorId: admin.staff.id }, 200))
      .filter((entry) => entry.target === `client:${client.clientId}`)
      .map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['open.client.disable', 'open.client.enable']));
  });

  it('answers a new secret once; the old one stops working at once', async () => {
    const { client, clientSecret } = await create(meterMaker());
    const rotated = await admin.client.POST('/console/v1/open/clients/{clientId}/secret', {
      params: { path: { clientId: client.clientId } },
    });
    expect(rotated.clientId).toBe(client.clientId);
    expect(rotated.clientSecret).toMatch(/^gg_secret_[A-Za-z0-9_-]{43}$/);
    expect(rotated.clientSecret).not.toBe(clientSecret);
    expect((await storedRow(client.clientId)).secretHash).toBe(sha256(rotated.clientSecret));
    expect((await clientCredentials(client.clientId, clientSecret)).status).toBe(401);
    expect((await clientCredentials(client.clientId, rotated.clientSecret)).status).toBe(200);
    const audit = await browseAudit(api.app.em.fork(), { actorId: admin.staff.id, action: 'open.client.secret' }, 50);
    expect(audit.map((entry) => entry.target)).toContain(`client:${client.clientId}`);
  });
});
