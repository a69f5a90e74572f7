import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { externalNavigation } from '../../components/externalNavigation';
import { useSession } from '../../store/session';
import {
  apiFailure,
  apiIdle,
  dialogsClosed,
  fakeApi,
  registerSkippingProfile,
  registeredPatientPageHooks,
  renderApp,
  resetStores,
  settingsPageRoutes,
  skipRegistrationRoutes,
} from '../../test-utils';
import { NO_ANSWER } from './ConsentPage';
import { CONSENT_RETURN_NOTE } from './paths';
import { isAnswerFor, missingParamsMessage, readAuthorizeRequest } from './authorizeRequest';

registeredPatientPageHooks();

const REDIRECT = 'https://app.example.com/callback';
const QUERY = new URLSearchParams({
  response_type: 'code',
  client_id: 'gg_client_hosp',
  redirect_uri: REDIRECT,
  scope: 'readings.read profile.read',
  state: 'xyz-state',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
});
const CONSENT = `/oauth/authorize?${QUERY.toString()}`;

const SCOPES = [
  { scope: 'readings.read', text: '读取您的血糖、血压、体重等测量记录' },
  { scope: 'profile.read', text: '读取您的昵称、性别、出生年份和糖尿病、高血压类型' },
];

const consentRequest = () => ({
  client: { clientId: 'gg_client_hosp', name: '仁和医院慢病管理', organisation: '仁和医院' },
  scopes: SCOPES,
  redirectUri: REDIRECT,
  state: 'xyz-state',
});

function leaving() {
  return vi.spyOn(externalNavigation, 'replace').mockImplementation(() => undefined);
}

describe('/oauth/authorize', () => {
  it('names the app, its organisation, each scope in plain Chinese and the own account, and asks with the query as sent', async () => {
    const api = fakeApi({ 'GET /oauth/v1/authorize/request': consentRequest });
    renderApp(CONSENT);
    expect(await screen.findByRole('heading', { name: '仁和医院慢病管理' })).toBeTruthy();
    expect(screen.getByLabelText('提供方').textContent).toBe('由 仁和医院 提供');
    const scopes = screen.getByRole('list', { name: '授权内容' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(SCOPES.map((scope) => `✓${scope.text}`));
    expect(screen.getByText(/授权账号/).textContent).toBe('授权账号：张三 138****8000');
    expect(screen.getByText(/不能替家人或他人授权/)).toBeTruthy();
    const [asked] = api.called('GET /oauth/v1/authorize/request');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual(Object.fromEntries(QUERY));
    expect(screen.getByRole('button', { name: '同意授权' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '拒绝' })).toBeTruthy();
  });

  it('同意授权 sends the request with approve and leaves for the address the API answers', async () => {
    const replace = leaving();
    const api = fakeApi({
      'GET /oauth/v1/authorize/request': consentRequest,
      'POST /oauth/v1/authorize': () => ({ redirectTo: `${REDIRECT}?code=c0de&state=xyz-state` }),
    });
    renderApp(CONSENT);
    fireEvent.click(await screen.findByRole('button', { name: '同意授权' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${REDIRECT}?code=c0de&state=xyz-state`));
    expect(api.called('POST /oauth/v1/authorize')[0]?.body).toEqual({ ...Object.fromEntries(QUERY), approve: true });
    expect(screen.getByRole('status').textContent).toContain('正在返回「仁和医院慢病管理」');
  });

  it('拒绝 sends approve false and returns to the app with its refusal', async () => {
    const replace = leaving();
    const denied = `${REDIRECT}?error=access_denied&state=xyz-state`;
    const api = fakeApi({
      'GET /oauth/v1/authorize/request': consentRequest,
      'POST /oauth/v1/authorize': () => ({ redirectTo: denied }),
    });
    renderApp(CONSENT);
    fireEvent.click(await screen.findByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(denied));
    expect(api.called('POST /oauth/v1/authorize')[0]?.body).toMatchObject({ approve: false });
  });

  it('shows the reason of a refused request on a page of its own and never leaves for the app', async () => {
    const replace = leaving();
    const api = fakeApi({
      'GET /oauth/v1/authorize/request': () => {
        throw apiFailure(40000, '该应用没有登记这个返回地址，授权已停止');
      },
    });
    const { router } = renderApp(
      CONSENT.replace(encodeURIComponent(REDIRECT), encodeURIComponent('https://evil.example')),
    );
    expect(await screen.findByRole('heading', { name: '无法完成授权' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('该应用没有登记这个返回地址，授权已停止');
    expect(screen.queryByRole('button', { name: '同意授权' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(api.called('POST /oauth/v1/authorize')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(replace).not.toHaveBeenCalled();
  });

  it('refuses a request without its required parameters without asking the API', async () => {
    const api = fakeApi({});
    renderApp('/oauth/authorize?client_id=gg_client_hosp&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback');
    expect((await screen.findByRole('alert')).textContent).toBe(
      missingParamsMessage(['response_type', 'scope', 'code_challenge', 'code_challenge_method']),
    );
    await apiIdle();
    expect(api.calls.filter((call) => call.path.startsWith('/oauth/'))).toHaveLength(0);
  });

  it('does not leave for an answer that is not the checked return address', async () => {
    const replace = leaving();
    fakeApi({
      'GET /oauth/v1/authorize/request': consentRequest,
      'POST /oauth/v1/authorize': () => ({ redirectTo: 'https://evil.example/callback?code=c0de&state=xyz-state' }),
    });
    renderApp(CONSENT);
    fireEvent.click(await screen.findByRole('button', { name: '同意授权' }));
    expect(await screen.findByRole('heading', { name: '无法完成授权' })).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows a refusal of the choice (the request expired meanwhile) on the error page', async () => {
    const replace = leaving();
    fakeApi({
      'GET /oauth/v1/authorize/request': consentRequest,
      'POST /oauth/v1/authorize': () => {
        throw apiFailure(40000, '该应用已停用，无法授权');
      },
    });
    renderApp(CONSENT);
    fireEvent.click(await screen.findByRole('button', { name: '同意授权' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该应用已停用，无法授权');
    expect(replace).not.toHaveBeenCalled();
  });

  it('offers to load again when the request could not be read', async () => {
    let fail = true;
    fakeApi({
      'GET /oauth/v1/authorize/request': () => {
        if (fail) {
          fail = false;
          throw apiFailure(50000, '', 503);
        }
        return consentRequest();
      },
    });
    renderApp(CONSENT);
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ANSWER);
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: '仁和医院慢病管理' })).toBeTruthy();
  });

  it('sends a visitor to registration first and comes back to the same request afterwards', async () => {
    resetStores({ isAuth: '0', customerId: null, customer: null });
    const api = fakeApi({ ...skipRegistrationRoutes(), 'GET /oauth/v1/authorize/request': consentRequest });
    const { router } = renderApp(CONSENT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(useSession.getState().wanted).toBe(CONSENT);
    expect(api.called('GET /oauth/v1/authorize/request')).toHaveLength(0);
    expect(await screen.findByText(CONSENT_RETURN_NOTE)).toBeTruthy();

    await registerSkippingProfile();
    expect(await screen.findByRole('heading', { name: '仁和医院慢病管理' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/oauth/authorize');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(QUERY.toString());
  });

  it('offers registration when the API answers that a visitor must register first', async () => {
    resetStores({ isAuth: '0', customerId: null, customer: null, phase: 'failed' });
    fakeApi({
      ...skipRegistrationRoutes(),
      'GET /oauth/v1/authorize/request': () => {
        throw apiFailure(40300, '请先注册', 403);
      },
    });
    const { router } = renderApp(CONSENT);
    expect((await screen.findByRole('alert')).textContent).toBe('请先注册');
    fireEvent.click(screen.getByRole('button', { name: '去注册' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(useSession.getState().wanted).toBe(CONSENT);
  });
});

const grant = (grantId: string, name: string, organisation: string, createdAt: string) => ({
  grantId,
  client: { clientId: `gg_client_${grantId}`, name, organisation },
  scopes: SCOPES,
  createdAt,
  updatedAt: createdAt,
  revokedAt: null,
});

describe('/authorizedApps', () => {
  it('lists each allowed app with its organisation, when it was allowed and what it can do', async () => {
    fakeApi({
      'GET /oauth/v1/grants': () => ({
        items: [
          grant('g1', '仁和医院慢病管理', '仁和医院', '2026-11-20T02:30:00.000Z'),
          grant('g2', '安康保险健康计划', '安康保险', '2026-10-01T12:05:00.000Z'),
        ],
      }),
    });
    renderApp('/authorizedApps');
    const list = await screen.findByRole('list', { name: '已授权的应用' });
    const [first, second] = within(list).getAllByRole('listitem', { name: /./ });
    expect(first && within(first).getByRole('heading').textContent).toBe('仁和医院慢病管理');
    expect(first?.textContent).toContain('由 仁和医院 提供');
    // China time (+08:00).
    expect(first?.textContent).toContain('授权时间：2026-11-20 10:30');
    expect(
      within(screen.getByRole('list', { name: '仁和医院慢病管理的权限' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(SCOPES.map((scope) => scope.text));
    expect(second?.textContent).toContain('授权时间：2026-10-01 20:05');
  });

  it('取消授权 asks first, keeps the app on 再想想, and revokes it on confirmation', async () => {
    let items = [grant('g1', '仁和医院慢病管理', '仁和医院', '2026-11-20T02:30:00.000Z')];
    const api = fakeApi({
      'GET /oauth/v1/grants': () => ({ items }),
      'POST /oauth/v1/grants/g1/revoke': () => {
        const revoked = { ...items[0], revokedAt: '2026-11-27T01:00:00.000Z' };
        items = [];
        return revoked;
      },
    });
    renderApp('/authorizedApps');
    fireEvent.click(await screen.findByRole('button', { name: '取消授权' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('「仁和医院慢病管理」将立即无法再访问您的数据');
    fireEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    await dialogsClosed();
    expect(api.called('POST /oauth/v1/grants/g1/revoke')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: '仁和医院慢病管理' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '取消授权' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: '取消授权' }));
    expect(await screen.findByText('还没有授权任何应用')).toBeTruthy();
    expect(api.called('POST /oauth/v1/grants/g1/revoke')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: '仁和医院慢病管理' })).toBeNull();
  });

  it('keeps the app listed and says so when revoking fails', async () => {
    fakeApi({
      'GET /oauth/v1/grants': () => ({
        items: [grant('g1', '仁和医院慢病管理', '仁和医院', '2026-11-20T02:30:00.000Z')],
      }),
      'POST /oauth/v1/grants/g1/revoke': () => {
        throw apiFailure(40400, '该授权不存在', 404);
      },
    });
    renderApp('/authorizedApps');
    fireEvent.click(await screen.findByRole('button', { name: '取消授权' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消授权' }));
    expect(await screen.findByText('该授权不存在')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '仁和医院慢病管理' })).toBeTruthy();
  });

  it('says so when no app is allowed', async () => {
    fakeApi({ 'GET /oauth/v1/grants': () => ({ items: [] }) });
    renderApp('/authorizedApps');
    expect(await screen.findByText('还没有授权任何应用')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消授权' })).toBeNull();
  });

  it('is reached from 设置', async () => {
    fakeApi({ ...settingsPageRoutes(), 'GET /oauth/v1/grants': () => ({ items: [] }) });
    const { router } = renderApp('/set/set');
    fireEvent.click(await screen.findByText('授权管理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authorizedApps'));
    expect(await screen.findByText('还没有授权任何应用')).toBeTruthy();
  });
});

describe('the consent address', () => {
  it('reads the request as sent, and names what a request lacks', () => {
    expect(readAuthorizeRequest(QUERY)).toEqual({ complete: true, query: Object.fromEntries(QUERY) });
    const withHint = new URLSearchParams(QUERY);
    withHint.set('login_hint', 'c2');
    expect(readAuthorizeRequest(withHint)).toMatchObject({ query: { login_hint: 'c2' } });
    expect(readAuthorizeRequest(new URLSearchParams('client_id=a&scope='))).toEqual({
      complete: false,
      missing: ['response_type', 'redirect_uri', 'scope', 'code_challenge', 'code_challenge_method'],
    });
  });

  it('leaves only for the checked return address with the answer added', () => {
    expect(isAnswerFor(`${REDIRECT}?code=c&state=s`, REDIRECT)).toBe(true);
    expect(isAnswerFor(`${REDIRECT}?error=access_denied`, REDIRECT)).toBe(true);
    expect(isAnswerFor('https://app.example.com/cb?x=1&code=c', 'https://app.example.com/cb?x=1')).toBe(true);
    // Registered addresses that URL parsing would rewrite: the API answers them as registered.
    for (const registered of [
      'https://partner.example.com',
      'https://Partner.example.com/cb',
      'https://x.example.com:443/cb',
    ]) {
      expect(isAnswerFor(`${registered}?code=c&state=s`, registered), registered).toBe(true);
      expect(isAnswerFor(new URL(`${registered}?code=c`).toString(), registered), registered).toBe(false);
    }
    // Another address, a longer path or host starting the same way, or a fragment.
    expect(isAnswerFor('https://evil.example/callback?code=c', REDIRECT)).toBe(false);
    expect(isAnswerFor(`${REDIRECT}x?code=c`, REDIRECT)).toBe(false);
    expect(isAnswerFor('https://app.example.com.evil.example/callback?code=c', 'https://app.example.com')).toBe(false);
    expect(isAnswerFor(`${REDIRECT}?code=c#x`, REDIRECT)).toBe(false);
    expect(isAnswerFor('https://app.example.com/cb?x=1?code=c', 'https://app.example.com/cb?x=1')).toBe(false);
    expect(isAnswerFor(REDIRECT, REDIRECT)).toBe(false);
    expect(isAnswerFor('javascript:alert(1)?code=c', 'javascript:alert(1)')).toBe(false);
    expect(isAnswerFor('?code=c', '')).toBe(false);
  });
});
