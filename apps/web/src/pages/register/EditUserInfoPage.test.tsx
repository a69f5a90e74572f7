import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import type { ImageCompressor } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { DICTIONARIES, apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { avatarImages } from './EditUserInfoPage';

const original = avatarImages.compress;

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer({ sex: 2, headimgurl: '' }), ratio: 85.7 });
});

afterEach(() => {
  act(() => Toast.clear());
  avatarImages.compress = original;
});

const current = (overrides = {}) => ({
  customerVo: registeredCustomer(overrides),
  imgDomain: '/api/files/',
  ratio: 100,
  thirdAuthCode: 1,
});

function photo(content: string, size?: number): File {
  const file = new File([content], 'face.jpg', { type: 'image/jpeg' });
  if (size !== undefined) {
    Object.defineProperty(file, 'size', { value: size });
  }
  return file;
}

describe('/register/editUserInfo avatar', () => {
  it('shows the female default avatar, uploads the chosen photo and saves its address as headimgurl', async () => {
    const api = fakeApi({
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
      'POST /common/v1/uploadImage': () => ({
        path: '273/2026/press_face.jpg',
        url: '/api/files/273/2026/press_face.jpg',
      }),
      'POST /customer/v1/edit': () => registeredCustomer({ sex: 2, headimgurl: '/api/files/273/2026/press_face.jpg' }),
      'GET /login/v1/getCurrent': () => current({ sex: 2, headimgurl: '/api/files/273/2026/press_face.jpg' }),
    });
    renderApp('/register/editUserInfo');
    expect(await screen.findByRole('img', { name: '女性默认头像' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('更换头像'), { target: { files: [photo('face')] } });
    expect(await screen.findByText('头像已更新')).toBeTruthy();
    expect(api.called('POST /common/v1/uploadImage')[0]?.body).toEqual({ data: btoa('face'), businessCode: 273 });
    expect(api.called('POST /customer/v1/edit')[0]?.body).toEqual({ headimgurl: '/api/files/273/2026/press_face.jpg' });
    await waitFor(() =>
      expect(document.querySelector('label img')?.getAttribute('src')).toBe('/api/files/273/2026/press_face.jpg'),
    );
    expect(useSession.getState().customer?.headimgurl).toBe('/api/files/273/2026/press_face.jpg');
  });

  it('compresses a photo over 1025 KB at 0.6 before sending it', async () => {
    const compress = vi.fn<ImageCompressor>(async () => new Blob(['small'], { type: 'image/jpeg' }));
    avatarImages.compress = compress;
    const api = fakeApi({
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
      'POST /common/v1/uploadImage': () => ({ path: '273/a.jpg', url: '/api/files/273/a.jpg' }),
      'POST /customer/v1/edit': () => registeredCustomer(),
      'GET /login/v1/getCurrent': () => current({ headimgurl: '/api/files/273/a.jpg' }),
    });
    renderApp('/register/editUserInfo');
    fireEvent.change(await screen.findByLabelText('更换头像'), { target: { files: [photo('big', 2 * 1024 * 1024)] } });
    await waitFor(() => expect(api.called('POST /customer/v1/edit')).toHaveLength(1));
    expect(compress.mock.calls[0]?.[1]).toBe(0.6);
    expect(api.called('POST /common/v1/uploadImage')[0]?.body).toEqual({ data: btoa('small'), businessCode: 273 });
  });

  it('says 上传失败 when the upload fails and saves nothing', async () => {
    const api = fakeApi({
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
      'POST /common/v1/uploadImage': () => {
        throw apiFailure(40000, '图片格式不支持', 400);
      },
    });
    renderApp('/register/editUserInfo');
    fireEvent.change(await screen.findByLabelText('更换头像'), { target: { files: [photo('face')] } });
    expect(await screen.findByText('上传失败')).toBeTruthy();
    expect(api.called('POST /customer/v1/edit')).toHaveLength(0);
  });
});
