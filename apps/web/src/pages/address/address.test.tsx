import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiFailure,
  dialogsClosed,
  fakeApi,
  registeredPatientPageHooks,
  renderApp,
  type RecordedCall,
} from '../../test-utils';

registeredPatientPageHooks();

const HOME = {
  addressId: '7',
  consigneeName: '王秀英',
  phone: '13812345678',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  detailAddress: '科苑路15号海岸城3栋1201',
  isDefault: 1 as const,
};
const OFFICE = {
  ...HOME,
  addressId: '8',
  consigneeName: '王小明',
  detailAddress: '深南大道9988号华润大厦',
  isDefault: 0 as const,
};

const page = (items: unknown[]) => ({
  items,
  currentPage: 1,
  totalPage: items.length > 0 ? 1 : 0,
  totalNum: items.length,
});

/** Types into the labelled field of the form. */
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('/address/addressManage', () => {
  it('shows the spec’s empty text and adds from the order flow with isEdit 1', async () => {
    fakeApi({ 'GET /address/v1/list': () => page([]) });
    const { router } = renderApp('/address/addressManage?fromOrder=1');
    expect(await screen.findByText('您还没有收货地址,请添加收货地址')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增收货地址' }));
    await waitFor(() => expect(router.state.location.search).toBe('?isEdit=1'));
    expect(router.state.location.pathname).toBe('/address/addAddress');
  });

  it('lists addresses in pages of 5, the default marked, and sets another as the default', async () => {
    const calls: RecordedCall[] = [];
    let items = [HOME, OFFICE];
    fakeApi({
      'GET /address/v1/list': (call) => {
        calls.push(call);
        return page(items);
      },
      'POST /address/v1/setDefault': (call) => {
        calls.push(call);
        items = [
          { ...OFFICE, isDefault: 1 },
          { ...HOME, isDefault: 0 },
        ];
        return items[0];
      },
    });
    renderApp('/address/addressManage');
    const office = await screen.findByRole('article', { name: '王小明的收货地址' });
    expect(calls[0]?.query.get('pageSize')).toBe('5');
    expect(within(screen.getByRole('article', { name: '王秀英的收货地址' })).getByText('默认')).toBeTruthy();
    fireEvent.click(within(office).getByRole('button', { name: '设为默认' }));
    expect(await screen.findByText('已设为默认地址')).toBeTruthy();
    expect(calls.find((c) => c.path === '/address/v1/setDefault')?.body).toEqual({ addressId: '8' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: '王小明的收货地址' })).getByRole('button', { name: '默认地址' }),
      ).toBeTruthy(),
    );
  });

  it('opened from the order form, a tap chooses the address and goes back', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({
      'GET /address/v1/list': () => page([HOME, OFFICE]),
      'POST /address/v1/setDefault': (call) => {
        calls.push(call);
        return { ...OFFICE, isDefault: 1 };
      },
    });
    const { router } = renderApp('/mall/sendOrder?goodsId=11');
    await router.navigate('/address/addressManage?fromOrder=1');
    const office = await screen.findByRole('article', { name: '王小明的收货地址' });
    fireEvent.click(within(office).getByText('深南大道9988号华润大厦', { exact: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/sendOrder'));
    expect(calls.map((c) => c.body)).toEqual([{ addressId: '8' }]);
  });
});

describe('/address/addAddress', () => {
  it.each([
    ['no consignee', {}, '收货人不能为空'],
    ['no phone', { 收货人: '王秀英' }, '手机号不能为空'],
    ['a wrong phone', { 收货人: '王秀英', 手机号码: '1381234' }, '手机号不正确'],
    ['no region', { 收货人: '王秀英', 手机号码: '13812345678' }, '地区不能为空'],
  ])('refuses %s with the spec’s message and calls nothing', async (_name, fields, message) => {
    const calls: RecordedCall[] = [];
    fakeApi({ 'POST /address/v1/add': (call) => void calls.push(call) });
    renderApp('/address/addAddress?isEdit=2');
    await screen.findByRole('button', { name: '保存' });
    for (const [label, value] of Object.entries(fields)) {
      type(label, value);
    }
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('refuses a detail under 5 characters', async () => {
    fakeApi({});
    renderApp(
      '/address/addAddress?isEdit=0&id=7&name=王秀英&phoneNumber=13812345678&province=广东省&city=深圳市&district=南山区&address=科苑路',
    );
    fireEvent.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('详细地址不能少于5个字')).toBeTruthy();
  });

  it('edits the address of the query once however often 保存 is tapped, then goes back', async () => {
    const calls: RecordedCall[] = [];
    let answer: (value: unknown) => void = () => {};
    fakeApi({
      'GET /address/v1/list': () => page([HOME]),
      'POST /address/v1/edit': (call) => {
        calls.push(call);
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    const { router } = renderApp('/address/addressManage');
    fireEvent.click(
      within(await screen.findByRole('article', { name: '王秀英的收货地址' })).getByRole('button', { name: '编辑' }),
    );
    await screen.findByRole('button', { name: '删除' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '收货人' }).value).toBe('王秀英');
    expect(screen.getByLabelText('所在地区').textContent).toBe('广东省 深圳市 南山区');
    type('详细地址', '桃园路2号阳光花园5栋');
    const save = screen.getByRole('button', { name: '保存' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(calls).toHaveLength(1));
    answer({ ...HOME, detailAddress: '桃园路2号阳光花园5栋' });
    expect(await screen.findByText('编辑成功')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      addressId: '7',
      consigneeName: '王秀英',
      phone: '13812345678',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detailAddress: '桃园路2号阳光花园5栋',
      isDefault: 1,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/address/addressManage'));
  });

  it('asks 确定删除地址吗? before deleting, and shows the refusal of the default', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({
      'POST /address/v1/del': (call) => {
        calls.push(call);
        throw apiFailure(40900, '存在默认地址,请先删除默认地址', 409);
      },
    });
    renderApp(
      '/address/addAddress?isEdit=0&id=7&name=王秀英&phoneNumber=13812345678&province=广东省&city=深圳市&district=南山区&address=科苑路15号海岸城&isDefault=1',
    );
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除地址吗?')).toBeTruthy();
    fireEvent.click(within(document.querySelector('.adm-dialog') as HTMLElement).getByText('删除'));
    expect(await screen.findByText('存在默认地址,请先删除默认地址')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ addressId: '7' }]);
    await dialogsClosed();
  });

  it('adds with 新增成功 and no delete button in add mode', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({ 'POST /address/v1/add': (call) => (calls.push(call), { ...HOME, addressId: '9' }) });
    renderApp('/address/addAddress?isEdit=1&province=广东省&city=深圳市&district=南山区');
    await screen.findByRole('button', { name: '保存' });
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    type('收货人', '王秀英');
    type('手机号码', '138-1234-5678');
    type('详细地址', '科苑路15号海岸城3栋1201');
    fireEvent.click(screen.getByRole('switch', { name: '设为默认地址' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ phone: '13812345678', isDefault: 1 });
  });
});
