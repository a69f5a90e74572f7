import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { ELDER_MODE_STORAGE_KEY, useElderMode } from '../../store/elderMode';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

const SETTING = { category: 'wechatMsg', code: 'sugarTest', isReceive: 1, isNoTestReceive: 0 } as const;
const elderAttribute = () => document.documentElement.dataset.elder;

function signedInAs(birthday: string | null) {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer({ birthday }), ratio: 100 });
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  signedInAs('1972-01-01');
});

describe('长辈模式 in 设置', () => {
  it('turns the mode on and off for this device, on <html> and in localStorage', async () => {
    fakeApi({ 'GET /customer/v1/getMsgSetting': () => SETTING });
    renderApp('/set/set');
    const toggle = await screen.findByRole('switch', { name: '长辈模式' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(elderAttribute()).toBeUndefined();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(elderAttribute()).toBe('on');
    expect(localStorage.getItem(ELDER_MODE_STORAGE_KEY)).toBe('on');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(elderAttribute()).toBeUndefined();
    expect(localStorage.getItem(ELDER_MODE_STORAGE_KEY)).toBe('off');
  });
});

describe('the one-time offer of 长辈模式', () => {
  it('is made on the home page to someone 60 or older by birth year, and 开启 turns the mode on for good', async () => {
    signedInAs('1950-06-01');
    const first = renderApp('/');
    expect(await screen.findByRole('dialog', { name: '开启长辈模式？' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '开启长辈模式' }));
    expect(elderAttribute()).toBe('on');
    expect(localStorage.getItem(ELDER_MODE_STORAGE_KEY)).toBe('on');
    await waitFor(() => expect(screen.queryByText('开启长辈模式？')).toBeNull());
    first.unmount();

    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    expect(screen.queryByText('开启长辈模式？')).toBeNull();
    expect(elderAttribute()).toBe('on');
  });

  it('is not made again after 暂不开启, and leaves the mode off', async () => {
    signedInAs('1966-12-31');
    const first = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '暂不开启' }));
    await waitFor(() => expect(screen.queryByText('开启长辈模式？')).toBeNull());
    expect(elderAttribute()).toBeUndefined();
    expect(localStorage.getItem(ELDER_MODE_STORAGE_KEY)).toBe('off');
    first.unmount();

    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    expect(screen.queryByText('开启长辈模式？')).toBeNull();
  });

  it('is not made to someone younger, to someone without a birthday, or after a choice in 设置', async () => {
    const younger = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    expect(screen.queryByText('开启长辈模式？')).toBeNull();
    younger.unmount();

    signedInAs(null);
    const unknown = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    expect(screen.queryByText('开启长辈模式？')).toBeNull();
    unknown.unmount();

    signedInAs('1940-01-01');
    act(() => useElderMode.getState().choose(false));
    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    expect(screen.queryByText('开启长辈模式？')).toBeNull();
  });
});
