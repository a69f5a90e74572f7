import { REGISTER_PATH } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../store/session';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { consultDoctor, doctorService } from './fixtures';

beforeAll(() => {
  installAntdMobileRender();
});

const SESSION = '5a40b2a5-a780-4374-842f-1a3d8a51b089';
const PATH = '/findDoctor/serviceDetail?doctorId=9&serviceId=31&price=6000&onTheWay=0&index=0&serviceName=x&time=x';
const intent = (state = 'created') => ({
  intentId: '7f1c2d9e-0000-4000-8000-000000000001',
  subjectKind: 'consultService',
  subjectId: 'c1',
  description: '咨询费用',
  amountCents: 6000,
  state,
  stateLabel: state === 'paid' ? '已支付' : '待支付',
  provider: 'local',
});

const base = (latest: unknown) => ({
  'GET /consult/v1/queryServiceIntro': () => doctorService(),
  'GET /consult/v1/queryDoctor': () => consultDoctor(),
  'GET /consult/v1/querySessionByUserIdAndCustomerId': () => latest,
});

describe('the service detail page', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('buys with a red 购买: pay, the payment sheet, then the submission page', async () => {
    const api = fakeApi({
      ...base(null),
      'POST /consult/v1/pay': () => ({ sessionId: SESSION, consultId: 'c1', intent: intent() }),
      'POST /payment/v1/prepay': () => ({ intent: intent(), payParams: {} }),
      'POST /payment/v1/localPay': () => ({ outcome: 'success', message: '支付成功', intent: intent('paid') }),
    });
    const { router } = renderApp(PATH);
    expect(await screen.findByText('购买后提交病情描述和检查单照片。')).toBeTruthy();
    const buy = await screen.findByRole('button', { name: '购买' });
    expect(buy.className).toMatch(/buy/);
    fireEvent.click(buy);
    const sheet = await screen.findByRole('dialog', { name: '支付' });
    expect(api.called('POST /consult/v1/pay')[0]?.body).toEqual({ serviceId: 31 });
    fireEvent.click(within(sheet).getByRole('button', { name: '支付' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/subConsult'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sessionId: SESSION,
      doctorId: '9',
      doctorName: '王明远',
    });
  });

  it('reads 点击咨询 in green for a paid consultation to describe, and opens its submission page', async () => {
    const api = fakeApi(base({ status: 1, sessionId: SESSION, consultId: 'c1', serviceType: 1 }));
    const { router } = renderApp(PATH);
    const open = await screen.findByRole('button', { name: '点击咨询' });
    expect(open.className).toMatch(/consult/);
    fireEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/subConsult'));
    expect(api.called('POST /consult/v1/pay')).toEqual([]);
  });

  it('reads 继续咨询 while the consultation runs, and opens the chat', async () => {
    fakeApi(base({ status: 2, sessionId: SESSION, consultId: 'c1', serviceType: 1 }));
    const { router } = renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '继续咨询' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/C2CChat'));
    expect(new URLSearchParams(router.state.location.search).get('sessionId')).toBe(SESSION);
  });

  it('offers the open consultation of another service instead of a second purchase', async () => {
    const api = fakeApi({
      ...base({ status: 3, sessionId: SESSION, consultId: 'c1', serviceType: 2 }),
    });
    const { router } = renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '购买' }));
    expect(await screen.findByText('您与该医生还有未结束的咨询')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '进入咨询' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/C2CChat'));
    expect(api.called('POST /consult/v1/pay')).toEqual([]);
  });

  it('sends a visitor to register and remembers the page', async () => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer({ userType: 0 }) });
    const api = fakeApi(base(null));
    const { router } = renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '购买' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REGISTER_PATH));
    expect(useSession.getState().wanted).toBe(PATH);
    expect(api.called('GET /consult/v1/querySessionByUserIdAndCustomerId')).toEqual([]);
  });
});
