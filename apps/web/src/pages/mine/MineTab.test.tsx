import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1' });
});

describe('mine for a registered customer', () => {
  it.each([
    [57.14, '资料完善度 57.1%', '去完善'],
    [85.7, '资料完善度 85.7%', '去完善'],
    [0, '资料完善度 0.0%', '去完善'],
    [100, '资料完善度 100.0%', '去修改'],
  ])('shows completion %d as %s with %s', async (ratio, text, link) => {
    useSession.setState({ customer: registeredCustomer({ nickname: '王小明' }), ratio });
    renderApp('/?tab=mine');
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/register/editUserInfo');
    expect(screen.queryByText('未登录')).toBeNull();
  });

  it('falls back to the domain rule when the ratio was not loaded', async () => {
    useSession.setState({ customer: registeredCustomer({ headimgurl: '', bloodPressureType: null }), ratio: null });
    renderApp('/?tab=mine');
    // 5 of 7 fields: nickname, sex, role, diabetes type, phone.
    expect(await screen.findByText('资料完善度 71.4%')).toBeTruthy();
  });

  it('shows the female default avatar for sex 2 and the stored avatar with the image domain', async () => {
    useSession.setState({ customer: registeredCustomer({ sex: 2, headimgurl: '' }), ratio: 50 });
    const { unmount } = renderApp('/?tab=mine');
    expect(await screen.findByRole('img', { name: '女性默认头像' })).toBeTruthy();
    unmount();
    useSession.setState({
      customer: registeredCustomer({ sex: 2, headimgurl: 'press_face.jpg' }),
      imgDomain: '/api/files/',
    });
    renderApp('/?tab=mine');
    await screen.findByText('张三');
    await waitFor(() => expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/files/press_face.jpg'));
  });

  it('opens the profile form from the completion link', async () => {
    useSession.setState({ customer: registeredCustomer(), ratio: 85.7 });
    const { router } = renderApp('/?tab=mine');
    fireEvent.click(await screen.findByRole('link', { name: '去完善' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/editUserInfo'));
  });
});

describe('mine without registration', () => {
  it('shows the placeholder for a signed-in visitor', async () => {
    useSession.setState({ isAuth: '0', customer: registeredCustomer({ userType: 0, isAuth: 0 }), ratio: 42.9 });
    renderApp('/?tab=mine');
    expect(await screen.findByText('未登录')).toBeTruthy();
    expect(screen.queryByText(/资料完善度/)).toBeNull();
  });
});
