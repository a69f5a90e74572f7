import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { chatPath } from './consultPaths';
import { consultSession } from './consultFixtures';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
});

// The chat's own connection is not what these tests are about: its signature is refused, so the
// screen shows the consultation around an empty history (the socket is covered by the e2e tests).
const noChat = {
  'GET /consult/v1/querySig': () => {
    throw apiFailure(50300, '聊天服务暂不可用');
  },
};

/** Opens the chat of a consultation whose server status is `status`, with the list's query. */
function openChat(status: number, overrides: Parameters<typeof consultSession>[0] = {}) {
  return renderApp(chatPath(consultSession({ status, ...overrides })));
}

describe('/findDoctor/C2CChat around the messages', () => {
  it('shows the doctor, links the details and the more page, and the input bar while it runs (2)', async () => {
    fakeApi({ ...noChat, 'GET /consult/v1/querySessionBySessionId': () => consultSession() });
    openChat(2);
    expect(await screen.findByRole('link', { name: '咨询详情' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '咨询详情' }).getAttribute('href')).toBe(
      `/consultationDetails?sessionId=${consultSession().sessionId}`,
    );
    expect(screen.getByRole('link', { name: '更多' }).getAttribute('href')).toBe(
      `/consult/more?sessionId=${consultSession().sessionId}`,
    );
    expect(await screen.findByText('王明远')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '消息' })).toBeTruthy();
    expect(screen.getByText('咨询中', { selector: 'p' })).toBeTruthy();
  });

  it('says until when a running interval service lasts', async () => {
    fakeApi({
      ...noChat,
      'GET /consult/v1/querySessionBySessionId': () =>
        consultSession({ sessionType: 2, serviceInterval: 7, endTime: Date.UTC(2026, 11, 2, 2, 0) }),
    });
    openChat(2, { sessionType: 2 });
    expect(await screen.findByText('咨询中，服务至 2026-12-02 10:00')).toBeTruthy();
  });

  it('has no input bar before the description is written (1) and links the submission page', async () => {
    fakeApi({ ...noChat, 'GET /consult/v1/querySessionBySessionId': () => consultSession({ status: 1 }) });
    openChat(1, { sessionType: 2 });
    const describe = await screen.findByRole('link', { name: '填写病情描述' });
    expect(describe.getAttribute('href')).toContain('/findDoctor/subConsult?');
    expect(screen.queryByRole('textbox', { name: '消息' })).toBeNull();
  });

  it('offers 购买服务 (the doctor page) once it has ended (0)', async () => {
    fakeApi({ ...noChat, 'GET /consult/v1/querySessionBySessionId': () => consultSession({ status: 0 }) });
    openChat(0);
    const buy = await screen.findByRole('link', { name: '购买服务' });
    expect(buy.getAttribute('href')).toBe('/findDoctor/doctorDetail?doctorId=9');
    expect(screen.queryByRole('textbox', { name: '消息' })).toBeNull();
    expect(screen.queryByRole('link', { name: '找医生' })).toBeNull();
  });

  it('follows the server over a stale query: the query said 2, the consultation was cancelled (4)', async () => {
    fakeApi({ ...noChat, 'GET /consult/v1/querySessionBySessionId': () => consultSession({ status: 4 }) });
    openChat(2);
    expect((await screen.findByRole('link', { name: '找医生' })).getAttribute('href')).toBe('/findDoctor/findDoctor');
    expect(screen.queryByRole('textbox', { name: '消息' })).toBeNull();
  });

  it('cancels while waiting for the doctor (3): 取消成功 and the refund note, then 找医生', async () => {
    let status = 3;
    const api = fakeApi({
      ...noChat,
      'GET /consult/v1/querySessionBySessionId': () => consultSession({ status }),
      'POST /consult/v1/cancel': () => {
        status = 4;
        return consultSession({ status: 4, cancelReason: '患者取消' });
      },
    });
    openChat(3);
    expect(await screen.findByText('等待医生接诊，医生24小时内未接诊将自动取消并全额退款')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '取消咨询' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定取消' }));
    expect(await screen.findByText('取消成功，费用将自动原路退回（可能有延迟）')).toBeTruthy();
    expect(api.called('POST /consult/v1/cancel')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: '找医生' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消咨询' })).toBeNull();
  });

  it('stays in the chat and opens the input bar when the doctor accepted meanwhile (50008)', async () => {
    let status = 3;
    fakeApi({
      ...noChat,
      'GET /consult/v1/querySessionBySessionId': () => consultSession({ status }),
      'POST /consult/v1/cancel': () => {
        status = 2;
        throw apiFailure(50008, '医生已接诊，无法取消，请继续咨询');
      },
    });
    const { router } = openChat(3);
    fireEvent.click(await screen.findByRole('button', { name: '取消咨询' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定取消' }));
    expect(await screen.findByText('医生已接诊，无法取消，请继续咨询')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '消息' })).toBeTruthy());
    expect(router.state.location.pathname).toBe('/findDoctor/C2CChat');
  });

  it('shows no chat, status or input bar without a consultation id', async () => {
    fakeApi({
      ...noChat,
      'GET /consult/v1/querySessionBySessionId': () => {
        throw apiFailure(40400, '未找到该咨询', 404);
      },
    });
    renderApp('/findDoctor/C2CChat');
    expect(await screen.findByText('未找到该咨询')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '消息' })).toBeNull();
  });

  it('shows no status or input bar for a consultation the server does not give the caller', async () => {
    fakeApi({
      ...noChat,
      'GET /consult/v1/querySessionBySessionId': () => {
        throw apiFailure(40400, '未找到该咨询', 404);
      },
    });
    renderApp('/findDoctor/C2CChat?sessionId=5b0e0f46-2a0c-4f0a-9d57-1d2f3c4b5a69&status=2');
    expect(await screen.findByText('未找到该咨询')).toBeTruthy();
    expect(screen.queryByText('咨询中', { selector: 'p' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '消息' })).toBeNull();
  });
});
