import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../store/session';
import { apiFailure, dialogsClosed, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { consultSession } from '../chat/consultFixtures';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
});

const SESSION = consultSession().sessionId;
const ALLERGIES = [
  { itemKey: '1', itemValue: '无' },
  { itemKey: '4', itemValue: '青霉素类' },
  { itemKey: '5', itemValue: '其他' },
];

describe('/consult/more', () => {
  it('links the doctor and ends a running consultation after the confirm, then goes back', async () => {
    let status = 2;
    const api = fakeApi({
      'GET /consult/v1/querySessionBySessionId': () => consultSession({ status }),
      'POST /consult/v1/close': () => {
        status = 0;
        return consultSession({ status: 0, statusLabel: '已结束' });
      },
    });
    const { router } = renderApp(`/consult/more?sessionId=${SESSION}`);
    const doctor = await screen.findByRole('region', { name: '医生' });
    expect(doctor.textContent).toContain('王明远');
    expect(doctor.textContent).toContain('主任医师');
    expect(within(doctor).getByRole('link', { name: '医生主页' }).getAttribute('href')).toBe(
      '/findDoctor/doctorDetail?doctorId=9',
    );
    fireEvent.click(screen.getByRole('button', { name: '结束咨询' }));
    // Nothing happens before the confirm; 再想想 leaves it running.
    expect(await screen.findByText('确定结束本次咨询吗？结束后将无法继续向医生发送消息。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再想想' }));
    await dialogsClosed();
    expect(api.called('POST /consult/v1/close')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '结束咨询' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定结束' }));
    await waitFor(() => expect(api.called('POST /consult/v1/close')).toHaveLength(1));
    expect(api.called('POST /consult/v1/close')[0]?.body).toEqual({ sessionId: SESSION });
    // The toast says so. It is looked for in antd-mobile's toast root: the chat that replaces this page
    // says 本次咨询已结束 twice more (its banner and its note), and on a loaded machine it was already
    // there when the toast came, so a search of the whole page found several.
    await waitFor(() => expect(document.querySelector('.adm-toast-mask')?.textContent).toBe('本次咨询已结束'));
    // Opened directly, there is no page to go back to: the chat takes its place.
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/C2CChat'));
    expect(router.state.location.search).toContain('status=0');
  });

  it('shows 已结束, not a button that works, once the consultation has ended', async () => {
    fakeApi({ 'GET /consult/v1/querySessionBySessionId': () => consultSession({ status: 0, statusLabel: '已结束' }) });
    renderApp(`/consult/more?sessionId=${SESSION}`);
    const ended = await screen.findByRole('button', { name: '已结束' });
    expect((ended as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '结束咨询' })).toBeNull();
  });

  it.each([
    [4, '400-826-0404'],
    [3, '400-826-0303'],
  ] as const)('gives brand %i complaint hotline %s with the service hours', async (sourceId, hotline) => {
    useSession.setState({ sourceId });
    fakeApi({ 'GET /consult/v1/querySessionBySessionId': () => consultSession() });
    renderApp(`/consult/more?sessionId=${SESSION}`);
    const complaint = await screen.findByRole('region', { name: '投诉与建议' });
    expect(complaint.textContent).toContain(`请拨打客服热线 ${hotline}（服务时间：每天 7:00–00:30）`);
    expect(
      within(complaint)
        .getByRole('link', { name: `拨打 ${hotline}` })
        .getAttribute('href'),
    ).toBe(`tel:${hotline.replace(/-/g, '')}`);
  });
});

describe('/consultationDetails', () => {
  it('shows the service, price, times, status, the description with its photos and the allergies', async () => {
    fakeApi({
      'GET /consult/v1/querySessionBySessionId': () =>
        consultSession({
          sessionType: 2,
          serviceName: '包周咨询',
          serviceInterval: 7,
          priceCents: 9900,
          endTime: Date.UTC(2026, 11, 2, 2, 0),
          allergicHistory: { items: ['4', '5'], detail: '对海鲜过敏' },
          drugStore: { addressId: 3, store: '康宁大药房', address: '北京市朝阳区建国路88号', storeImage: '' },
        }),
      'GET /dictionary/v1/getByCodes': () => ({ allergic_history: ALLERGIES }),
    });
    renderApp(`/consultationDetails?sessionId=${SESSION}`);
    const service = await screen.findByRole('region', { name: '服务信息' });
    expect(service.textContent).toContain('包周咨询');
    expect(service.textContent).toContain('¥99.00');
    expect(service.textContent).toContain('7天');
    expect(service.textContent).toContain('咨询中');
    expect(service.textContent).toContain('下单时间2026-11-25 09:30');
    expect(service.textContent).toContain('接诊时间2026-11-25 10:00');
    expect(service.textContent).toContain('服务截止2026-12-02 10:00');
    const illness = screen.getByRole('region', { name: '病情信息' });
    expect(illness.textContent).toContain('最近一周空腹血糖在8到9之间');
    expect(within(illness).getByRole('img', { name: '病情图片1' }).getAttribute('src')).toBe(
      '/api/files/uploads/273/a.jpg',
    );
    await waitFor(() => expect(illness.textContent).toContain('青霉素类，其他，对海鲜过敏'));
    expect(illness.textContent).toContain('康宁大药房');
    expect(screen.getByRole('link', { name: '进入聊天' }).getAttribute('href')).toContain('sessionId=');
    // Running: nothing to cancel.
    expect(screen.queryByRole('button', { name: '取消咨询' })).toBeNull();
  });

  it('cancels a consultation waiting for the doctor and says the fee goes back', async () => {
    const api = fakeApi({
      'GET /consult/v1/querySessionBySessionId': () =>
        consultSession({ status: 3, statusLabel: '待接诊', acceptTime: null, allergicHistory: null }),
      'POST /consult/v1/cancel': () =>
        consultSession({
          status: 4,
          statusLabel: '已取消',
          acceptTime: null,
          endTime: Date.UTC(2026, 10, 25, 3, 0),
          allergicHistory: null,
          cancelReason: '患者取消',
        }),
    });
    renderApp(`/consultationDetails?sessionId=${SESSION}`);
    fireEvent.click(await screen.findByRole('button', { name: '取消咨询' }));
    expect(await screen.findByText('确定取消本次咨询吗？取消后咨询费用将全额原路退回。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定取消' }));
    expect(await screen.findByText('取消成功，费用将自动原路退回（可能有延迟）')).toBeTruthy();
    expect(api.called('POST /consult/v1/cancel')[0]?.body).toEqual({ sessionId: SESSION });
    const service = screen.getByRole('region', { name: '服务信息' });
    await waitFor(() => expect(service.textContent).toContain('已取消'));
    expect(service.textContent).toContain('患者取消');
    expect(screen.queryByRole('button', { name: '取消咨询' })).toBeNull();
  });

  it('opens the chat with 医生已接诊，无法取消，请继续咨询 when the doctor accepted meanwhile (50008)', async () => {
    fakeApi({
      'GET /consult/v1/querySessionBySessionId': () =>
        consultSession({ status: 3, statusLabel: '待接诊', acceptTime: null }),
      'POST /consult/v1/cancel': () => {
        throw apiFailure(50008, '医生已接诊，无法取消，请继续咨询');
      },
      'GET /dictionary/v1/getByCodes': () => ({ allergic_history: ALLERGIES }),
    });
    const { router } = renderApp(`/consultationDetails?sessionId=${SESSION}`);
    fireEvent.click(await screen.findByRole('button', { name: '取消咨询' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定取消' }));
    expect(await screen.findByText('医生已接诊，无法取消，请继续咨询')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/C2CChat'));
    expect(router.state.location.search).toContain('status=2');
  });

  it('says so for a consultation that is not found', async () => {
    fakeApi({
      'GET /consult/v1/querySessionBySessionId': () => {
        throw apiFailure(40400, '咨询不存在', 404);
      },
    });
    renderApp(`/consultationDetails?sessionId=${SESSION}`);
    expect(await screen.findByText('未找到该咨询')).toBeTruthy();
  });
});
