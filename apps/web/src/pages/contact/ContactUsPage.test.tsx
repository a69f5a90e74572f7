import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

afterEach(() => {
  act(() => Toast.clear());
});

const describe_ = () => screen.getByRole('textbox', { name: '问题描述' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

function choosePhotos(files: File[]) {
  const input = screen.getByRole('region', { name: '意见反馈' }).querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) {
    throw new Error('no file input');
  }
  fireEvent.change(input, { target: { files } });
}

describe('/contactUs feedback', () => {
  it('requires a description (问题描述不能为空) and counts up to 200 characters', async () => {
    const api = fakeApi({});
    renderApp('/contactUs');
    await screen.findByRole('textbox', { name: '问题描述' });
    expect(screen.getByText('0/200')).toBeTruthy();
    submit();
    expect(await screen.findByText('问题描述不能为空')).toBeTruthy();
    fireEvent.change(describe_(), { target: { value: '   ' } });
    submit();
    expect(await screen.findAllByText('问题描述不能为空')).toBeTruthy();
    fireEvent.change(describe_(), { target: { value: '血糖仪连不上' } });
    expect(screen.getByText('6/200')).toBeTruthy();
    fireEvent.change(describe_(), { target: { value: '糖'.repeat(201) } });
    expect((describe_() as HTMLTextAreaElement).value).toBe('糖'.repeat(200));
    expect(screen.getByText('200/200')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('clears a description holding an emoji with 请不要输入表情', async () => {
    renderApp('/contactUs');
    await screen.findByRole('textbox', { name: '问题描述' });
    fireEvent.change(describe_(), { target: { value: '不好用😡' } });
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    expect((describe_() as HTMLTextAreaElement).value).toBe('');
  });

  it('uploads the chosen images with business code 273 and submits type, text and the joined paths', async () => {
    let n = 0;
    const api = fakeApi({
      'POST /common/v1/uploadImage': () => {
        n += 1;
        return { path: `273/2026/press_p${n}.jpg`, url: `/api/files/273/2026/press_p${n}.jpg` };
      },
      'POST /feedback/v1/submit': () => ({ id: 'f1' }),
    });
    renderApp('/contactUs');
    await screen.findByRole('textbox', { name: '问题描述' });
    fireEvent.click(within(screen.getByRole('group', { name: '反馈类型' })).getByText('问题'));
    fireEvent.change(describe_(), { target: { value: ' 血糖仪连不上 ' } });
    choosePhotos([new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' })]);
    await waitFor(() => expect(api.called('POST /common/v1/uploadImage')).toHaveLength(2));
    expect(api.called('POST /common/v1/uploadImage')[0]?.body).toEqual({ data: btoa('a'), businessCode: 273 });
    await waitFor(() => expect(screen.getAllByRole('button', { name: '删除图片' })).toHaveLength(2));

    submit();
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(api.called('POST /feedback/v1/submit')[0]?.body).toEqual({
      type: 2,
      adviceContent: '血糖仪连不上',
      imgUrl: '273/2026/p1.jpg,273/2026/p2.jpg',
    });
    // A fresh form after sending.
    await waitFor(() => expect((describe_() as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryAllByRole('button', { name: '删除图片' })).toHaveLength(0);
  });

  it('sends a suggestion without images and shows the server message on failure', async () => {
    const api = fakeApi({
      'POST /feedback/v1/submit': () => {
        throw apiFailure(42900, '提交太频繁，请稍后再试', 429);
      },
    });
    renderApp('/contactUs');
    await screen.findByRole('textbox', { name: '问题描述' });
    fireEvent.change(describe_(), { target: { value: '希望增加夜间模式' } });
    submit();
    expect(await screen.findByText('提交太频繁，请稍后再试')).toBeTruthy();
    expect(api.called('POST /feedback/v1/submit')[0]?.body).toEqual({ type: 1, adviceContent: '希望增加夜间模式' });
    expect((describe_() as HTMLTextAreaElement).value).toBe('希望增加夜间模式');
  });
});

describe('/contactUs customer service', () => {
  it('opens the chat link directly in the medical brand and shows its hotline and hours', async () => {
    renderApp('/contactUs');
    const service = await screen.findByRole('region', { name: '客服' });
    expect(within(service).getByRole('link', { name: '在线客服' }).getAttribute('href')).toBe(
      'https://work.weixin.qq.com/kfid/kfc_glucoguard_medical',
    );
    expect(within(service).getByRole('link', { name: '400-826-0404' }).getAttribute('href')).toBe('tel:4008260404');
    expect(within(service).getByText('每天 7:00–00:30')).toBeTruthy();
  });

  it('shows the service account and how to reach it in the health brand', async () => {
    useSession.setState({ sourceId: 3 });
    renderApp('/contactUs');
    const service = await screen.findByRole('region', { name: '客服' });
    expect(within(service).getByRole('link', { name: '400-826-0303' })).toBeTruthy();
    fireEvent.click(within(service).getByRole('button', { name: '在线客服' }));
    const sheet = await screen.findByRole('dialog', { name: '联系在线客服' });
    expect(within(sheet).getByText('糖护健康服务号')).toBeTruthy();
    expect(within(sheet).getByText(/搜索并关注公众号「糖护健康服务号」/)).toBeTruthy();
    expect(within(sheet).queryByRole('img')).toBeNull();
  });
});

describe('mine', () => {
  it('links to /contactUs from the menu, just before settings', async () => {
    renderApp('/?tab=mine');
    const link = await screen.findByRole('link', { name: '帮助与客服' });
    expect(link.getAttribute('href')).toBe('/contactUs');
    const items = within(screen.getByRole('list', { name: '更多服务' }))
      .getAllByRole('link')
      .map((item) => item.textContent);
    expect(items.slice(-2)).toEqual(['帮助与客服', '设置']);
  });
});
