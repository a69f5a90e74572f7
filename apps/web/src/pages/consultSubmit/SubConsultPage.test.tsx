import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { SESSION_ID, consultSession } from './testConsult';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

afterEach(() => {
  vi.useRealTimers();
  act(() => Toast.clear());
});

const PATH = `/findDoctor/subConsult?sessionId=${SESSION_ID}&doctorId=7&doctorName=周文华`;
const content = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /咨询内容/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

describe('/findDoctor/subConsult', () => {
  it('is headed 提交咨询 with the doctor and service, and requires the content', async () => {
    const api = fakeApi({ 'GET /consult/v1/querySessionBySessionId': () => consultSession(1) });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: '提交咨询' })).toBeTruthy();
    expect(screen.getByText('周文华 · 图文咨询')).toBeTruthy();
    submit();
    expect(await screen.findByText('请输入咨询内容')).toBeTruthy();
    expect(api.called('POST /consult/v1/saveDiagnosticInfo')).toHaveLength(0);
  });

  it('stops the content at 300 characters with a toast at the limit', async () => {
    fakeApi({ 'GET /consult/v1/querySessionBySessionId': () => consultSession(1) });
    renderApp(PATH);
    await screen.findByRole('heading', { name: '提交咨询' });
    fireEvent.change(content(), { target: { value: '糖'.repeat(299) } });
    expect(screen.queryByText('咨询内容最多输入300个字')).toBeNull();
    fireEvent.change(content(), { target: { value: '糖'.repeat(301) } });
    expect(await screen.findByText('咨询内容最多输入300个字')).toBeTruthy();
    expect(content().value).toHaveLength(300);
    expect(screen.getByText('300/300')).toBeTruthy();
  });

  it('saves the description with the photos (business code 273) and opens the chat with the answered status', async () => {
    const api = fakeApi({
      'GET /consult/v1/querySessionBySessionId': () => consultSession(1),
      'POST /common/v1/uploadImage': () => ({ path: '273/2026/p1.jpg', url: '/api/files/273/2026/p1.jpg' }),
      'POST /consult/v1/saveDiagnosticInfo': () => consultSession(3),
    });
    const { router } = renderApp(PATH);
    await screen.findByRole('heading', { name: '提交咨询' });
    fireEvent.change(content(), { target: { value: ' 最近空腹血糖8.5，需要调整用药吗 ' } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['a'], 'a.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(api.called('POST /common/v1/uploadImage')).toHaveLength(1));
    expect(api.called('POST /common/v1/uploadImage')[0]?.body).toEqual({ data: btoa('a'), businessCode: 273 });
    await waitFor(() => expect(screen.getAllByRole('button', { name: '删除图片' })).toHaveLength(1));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/C2CChat'));
    expect(api.called('POST /consult/v1/saveDiagnosticInfo')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      diagnosticInfo: { desc: '最近空腹血糖8.5，需要调整用药吗', imgList: ['273/2026/p1.jpg'] },
    });
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      toId: '7',
      toName: '周文华',
      sessionId: SESSION_ID,
      status: '3',
      type: '1',
    });
  });

  it('ignores a second tap within 2 s', async () => {
    let answered = 0;
    const api = fakeApi({
      'GET /consult/v1/querySessionBySessionId': () => consultSession(1),
      'POST /consult/v1/saveDiagnosticInfo': () => {
        answered += 1;
        throw apiFailure(50007, '咨询已提交，请勿重复提交');
      },
    });
    renderApp(PATH);
    await screen.findByRole('heading', { name: '提交咨询' });
    fireEvent.change(content(), { target: { value: '头晕' } });
    submit();
    expect(await screen.findByText('咨询已提交，请勿重复提交')).toBeTruthy();
    submit();
    submit();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.called('POST /consult/v1/saveDiagnosticInfo')).toHaveLength(1);
    expect(answered).toBe(1);
  });

  it('shows the server message for 50007 and 提交失败，请稍后再试 for anything else', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let code = 50007;
    fakeApi({
      'GET /consult/v1/querySessionBySessionId': () => consultSession(1),
      'POST /consult/v1/saveDiagnosticInfo': () => {
        throw code === 50007 ? apiFailure(50007, '咨询状态已变化，无法提交') : apiFailure(50000, '系统繁忙', 500);
      },
    });
    renderApp(PATH);
    await screen.findByRole('heading', { name: '提交咨询' });
    fireEvent.change(content(), { target: { value: '头晕' } });
    submit();
    expect(await screen.findByText('咨询状态已变化，无法提交')).toBeTruthy();
    code = 50000;
    act(() => {
      vi.advanceTimersByTime(2100);
    });
    submit();
    expect(await screen.findByText('提交失败，请稍后再试')).toBeTruthy();
  });

  it('opens the chat of a consultation that was already described', async () => {
    fakeApi({ 'GET /consult/v1/querySessionBySessionId': () => consultSession(2) });
    const { router } = renderApp(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/C2CChat'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('2');
  });

  it('offers the prescription information flow with the same consultation', async () => {
    fakeApi({ 'GET /consult/v1/querySessionBySessionId': () => consultSession(1) });
    renderApp(PATH);
    const link = await screen.findByRole('link', { name: '填写处方信息' });
    expect(link.getAttribute('href')).toBe(
      `/recipe/checkPatientInfo?sessionId=${SESSION_ID}&doctorId=7&doctorName=${encodeURIComponent('周文华')}`,
    );
  });
});
