import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REGISTER_PATH, repairPurchaseDateBounds } from '@glucoguard/domain';
import {
  apiFailure,
  fakeApi,
  fakeMessagingAppScanner,
  registeredCustomer,
  registeredPatientPageHooks,
  renderApp,
  resetStores,
  type RecordedCall,
} from '../../test-utils';
import { useSession } from '../../store/session';
import { resetWx } from '../../wechat/jssdk';

registeredPatientPageHooks();

const CATEGORIES = [
  { id: 1, name: '血糖仪', iconUrl: '' },
  { id: 2, name: '血压计', iconUrl: '' },
];
const MODELS: Record<string, { id: number; name: string; iconUrl: string; categoryId: number }[]> = {
  '1': [
    { id: 11, name: '糖护G1', iconUrl: '', categoryId: 1 },
    { id: 12, name: '糖护G2', iconUrl: '', categoryId: 1 },
  ],
  '2': [{ id: 21, name: '护压B1', iconUrl: '', categoryId: 2 }],
};

function catalogue(calls: RecordedCall[] = []) {
  return {
    'GET /product/v1/queryCategoryList': () => CATEGORIES,
    'GET /product/v1/queryProductList': (call: RecordedCall) => {
      calls.push(call);
      return MODELS[call.query.get('categoryId') ?? ''] ?? [];
    },
  };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

/** The open picker whose title is `field` (a closed one may linger in jsdom, fading out). */
async function openPicker(field: string): Promise<HTMLElement> {
  return waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.adm-popup')].find(
      (popup) =>
        popup.querySelector('.adm-picker-header-title')?.textContent === field &&
        popup.querySelector<HTMLElement>('.adm-popup-body')?.style.display !== 'none' &&
        popup.style.display !== 'none',
    );
    if (!open) {
      throw new Error(`no open ${field} picker`);
    }
    return open;
  });
}

/**
 * Opens a picker by its field and confirms what its wheel shows (the first item unless turned),
 * then waits until the field shows the choice. (Not until the popup has faded out: that animation
 * runs on animation frames, which a loaded CI machine can hold back for seconds.)
 */
async function pick(field: string) {
  const button = screen.getByRole('button', { name: field });
  fireEvent.click(button);
  const popup = await openPicker(field);
  fireEvent.click(within(popup).getByText('确定'));
  await waitFor(() => expect(button.textContent).not.toMatch(/^请选择/));
}

function photo(name: string): File {
  return new File([`bytes of ${name}`], name, { type: 'image/jpeg' });
}

function choosePhotos(group: string, files: File[]) {
  const input = screen.getByRole('group', { name: group }).querySelector<HTMLInputElement>('input[type="file"]');
  fireEvent.change(input!, { target: { files } });
}

describe('/repairFilling', () => {
  it.each([
    ['no contact person', {}, '请填写联系人'],
    ['no phone', { 联系人: '王秀英', 联系电话: '' }, '请填写联系电话'],
    ['a wrong phone', { 联系人: '王秀英', 联系电话: '1281234567' }, '请输入正确的电话号码！'],
    ['no category', { 联系人: '王秀英' }, '请选择品类'],
  ])('refuses %s with the spec’s message and sends nothing', async (_name, fields, message) => {
    const api = fakeApi(catalogue());
    renderApp('/repairFilling');
    await screen.findByRole('button', { name: '提交' });
    for (const [label, value] of Object.entries(fields)) {
      type(label, value);
    }
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.called('POST /productUpkeep/v1/add')).toEqual([]);
  });

  it('asks for the purchase date, then the fault description, in that order', async () => {
    fakeApi(catalogue());
    renderApp('/repairFilling');
    type('联系人', '王秀英');
    await pick('品类');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择购买日期')).toBeTruthy();
    await pick('购买日期');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择故障描述')).toBeTruthy();
  });

  it('keeps only the digits of the phone while typing and checks it when it is left', async () => {
    fakeApi(catalogue());
    renderApp('/repairFilling');
    const phone = await screen.findByRole('textbox', { name: '联系电话' });
    // The customer's own phone is filled in to start with.
    expect((phone as HTMLInputElement).value).toBe('13800138000');
    fireEvent.change(phone, { target: { value: '139-1234 56' } });
    expect((phone as HTMLInputElement).value).toBe('139123456');
    fireEvent.blur(phone);
    expect(await screen.findByText('请输入正确的电话号码！')).toBeTruthy();
  });

  describe('SN/IMEI', () => {
    afterEach(() => {
      resetWx();
      delete (globalThis as { wx?: unknown }).wx;
    });

    it('fills SN/IMEI from the messaging app’s scan of the label, read by the domain’s extractImei', async () => {
      resetWx();
      const scanQRCode = fakeMessagingAppScanner('CODE_128,868888000000025');
      fakeApi({
        ...catalogue(),
        'GET /wechat/v1/getWxJsConfig': () => ({
          enabled: true,
          appId: 'wx_app_1',
          timestamp: 1763600000,
          nonceStr: 'n0nce',
          signature: 'sig123',
        }),
      });
      renderApp('/repairFilling');
      fireEvent.click(await screen.findByRole('button', { name: '扫码' }));
      await waitFor(() =>
        expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'SN/IMEI' }).value).toBe('868888000000025'),
      );
      expect(scanQRCode).toHaveBeenCalledTimes(1);
    });

    it('offers no 扫码 without the messaging app or a camera; the code is typed', async () => {
      fakeApi(catalogue());
      renderApp('/repairFilling');
      type('SN/IMEI', 'SN20261101');
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'SN/IMEI' }).value).toBe('SN20261101');
      expect(screen.queryByRole('button', { name: '扫码' })).toBeNull();
    });
  });

  it('asks for a category before a model; a new category clears the model and loads its own models', async () => {
    const modelCalls: RecordedCall[] = [];
    fakeApi(catalogue(modelCalls));
    renderApp('/repairFilling');
    await screen.findByRole('button', { name: '型号' });
    fireEvent.click(screen.getByRole('button', { name: '型号' }));
    expect(await screen.findByText('请选择品类')).toBeTruthy();
    expect(modelCalls).toEqual([]);

    await pick('品类');
    expect(screen.getByRole('button', { name: '品类' }).textContent).toContain('血糖仪');
    await waitFor(() => expect(modelCalls.map((call) => call.query.get('categoryId'))).toEqual(['1']));
    await pick('型号');
    await waitFor(() => expect(screen.getByRole('button', { name: '型号' }).textContent).toContain('糖护G1'));

    // Turning the category wheel to 血压计: the model is cleared and 血压计's models are read.
    fireEvent.click(screen.getByRole('button', { name: '品类' }));
    const popup = await openPicker('品类');
    fireEvent.click(within(popup).getByRole('button', { name: '选择下一项：血压计' }));
    await within(popup).findByRole('button', { name: '当前选择的是：血压计' });
    // The picker view hands the wheel's choice to the picker after a debounce (a timer of 0).
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.click(within(popup).getByText('确定'));
    await waitFor(() => expect(screen.getByRole('button', { name: '品类' }).textContent).toContain('血压计'));
    expect(screen.getByRole('button', { name: '型号' }).textContent).toContain('请选择型号');
    await waitFor(() => expect(modelCalls.map((call) => call.query.get('categoryId'))).toEqual(['1', '2']));
  });

  it('reads the categories again when they failed to load, instead of opening an empty picker', async () => {
    let tries = 0;
    fakeApi({
      ...catalogue(),
      'GET /product/v1/queryCategoryList': () => {
        tries += 1;
        if (tries === 1) {
          throw apiFailure(50000, '服务繁忙', 500);
        }
        return CATEGORIES;
      },
    });
    renderApp('/repairFilling');
    await waitFor(() => expect(tries).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: '品类' }));
    expect(await screen.findByText('加载失败，请稍后重试')).toBeTruthy();
    await waitFor(() => expect(tries).toBe(2));
    await pick('品类');
    expect(screen.getByRole('button', { name: '品类' }).textContent).toContain('血糖仪');
  });

  it('uploads both photo groups with each image’s state and files the request, then opens the list', async () => {
    let uploads = 0;
    const uploadCalls: RecordedCall[] = [];
    const api = fakeApi({
      ...catalogue(),
      'POST /common/v1/uploadImage': (call) => {
        uploadCalls.push(call);
        uploads += 1;
        if ((call.body as { data: string }).data === btoa('bytes of broken.jpg')) {
          throw apiFailure(40000, '图片格式不支持');
        }
        return { path: `277/photo-${uploads}.jpg`, url: `/api/files/277/photo-${uploads}.jpg` };
      },
      'POST /productUpkeep/v1/add': () => ({ upkeepId: 5, upkeepCode: 'WX20260310001' }),
      'GET /productUpkeep/v1/page': () => ({ list: [], pageNo: 1, pageCount: 0 }),
    });
    const { router } = renderApp('/repairFilling');
    await screen.findByRole('button', { name: '提交' });
    type('联系人', '王秀英');
    type('地址', '杭州市西湖区文三路90号');
    await pick('品类');
    await pick('购买日期');
    await pick('型号');
    type('批次号', 'B2025-07');
    type('SN/IMEI', '861234567890123');
    type('故障描述', '开机后屏幕不亮');

    choosePhotos('发票信息', [photo('receipt.jpg')]);
    choosePhotos('故障图片', [photo('screen.jpg'), photo('broken.jpg')]);
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: '故障图片' })).getByText('上传失败')).toBeTruthy(),
    );
    await waitFor(() => expect(screen.getAllByText('上传成功')).toHaveLength(2));
    expect(uploadCalls.every((call) => (call.body as { businessCode: number }).businessCode === 277)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faultServiceList'));
    const [filed] = api.called('POST /productUpkeep/v1/add');
    const receipt = uploadCalls.findIndex(
      (call) => (call.body as { data: string }).data === btoa('bytes of receipt.jpg'),
    );
    const screenPhoto = uploadCalls.findIndex(
      (call) => (call.body as { data: string }).data === btoa('bytes of screen.jpg'),
    );
    expect(filed?.body).toEqual({
      name: '王秀英',
      phone: '13800138000',
      address: '杭州市西湖区文三路90号',
      categoryId: 1,
      productId: 11,
      // 确定 on the untouched wheel takes the latest date offered: today.
      purchaseDateStr: repairPurchaseDateBounds(new Date()).max,
      batchNo: 'B2025-07',
      deviceImei: '861234567890123',
      certificateUrl: `277/photo-${receipt + 1}.jpg`,
      malfunctionContent: '开机后屏幕不亮',
      malfunctionUrl: `277/photo-${screenPhoto + 1}.jpg`,
    });
    expect(await screen.findByText('提交成功')).toBeTruthy();
  });

  it('sends a visitor to registration first', async () => {
    resetStores({ isAuth: '0', customerId: 'c1', token: 't1', customer: registeredCustomer({ userType: 0 }) });
    fakeApi(catalogue());
    const { router } = renderApp('/repairFilling');
    await waitFor(() => expect(router.state.location.pathname).toBe(REGISTER_PATH));
    expect(useSession.getState().wanted).toBe('/repairFilling');
  });
});

const summary = (n: number, status: 0 | 1 = 0) => ({
  upkeepId: n,
  upkeepCode: `WX2026031000${n}`,
  categoryName: '血糖仪',
  productName: n % 2 === 0 ? '' : '糖护G1',
  createTime: `2026-03-10 09:0${n % 10}:00`,
  status,
});

describe('/faultServiceList', () => {
  it('lists 服务中 in pages of 7 with 服务编码 and 报修时间, and opens a request', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({
      'GET /productUpkeep/v1/page': (call) => {
        calls.push(call);
        return { list: [summary(1), summary(2)], pageNo: 1, pageCount: 1 };
      },
      'GET /productUpkeep/v1/query': () => {
        throw apiFailure(40400, '报修单不存在', 404);
      },
    });
    const { router } = renderApp('/faultServiceList');
    const first = await screen.findByRole('link', { name: '报修 WX20260310001' });
    expect(calls[0]?.query.get('pageSize')).toBe('7');
    expect(calls[0]?.query.get('status')).toBe('0');
    expect(within(first).getByText('血糖仪 / 糖护G1')).toBeTruthy();
    expect(within(first).getByText('WX20260310001')).toBeTruthy();
    expect(within(first).getByText('2026-03-10 09:01:00')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: '报修 WX20260310002' })).getByText('血糖仪')).toBeTruthy();
    // Two requests: too few for the no-more line.
    expect(screen.queryByText('没有更多了')).toBeNull();

    fireEvent.click(first);
    await waitFor(() => expect(router.state.location.search).toBe('?upkeepId=1'));
    expect(router.state.location.pathname).toBe('/faultServiceDetail');
  });

  it('switches to 已完成 (status 1), shows its empty text, and ends a list of 5 or more with 没有更多了', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({
      'GET /productUpkeep/v1/page': (call) => {
        calls.push(call);
        return call.query.get('status') === '1'
          ? { list: [], pageNo: 1, pageCount: 0 }
          : { list: [1, 2, 3, 4, 5].map((n) => summary(n)), pageNo: 1, pageCount: 1 };
      },
    });
    const { router } = renderApp('/faultServiceList');
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '已完成' }));
    expect(await screen.findByText('暂无已完成的报修')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=1');
    expect(calls.map((call) => call.query.get('status'))).toEqual(['0', '1']);
  });
});

const REPAIR = {
  upkeepId: 5,
  upkeepCode: 'WX20260310005',
  name: '王秀英',
  phone: '13800138000',
  address: '杭州市西湖区文三路90号',
  categoryId: 1,
  productId: 11,
  categoryName: '血糖仪',
  productName: '糖护G1',
  purchaseDateStr: '2025-12-01',
  batchNo: 'B2025-07',
  deviceImei: '861234567890123',
  certificateUrl: '/api/files/private/277/receipt.jpg?sig=a',
  certificateImages: ['/api/files/private/277/receipt.jpg?sig=a'],
  malfunctionContent: '开机后屏幕不亮',
  malfunctionUrl: '/api/files/private/277/f1.jpg?sig=b,/api/files/private/277/f2.jpg?sig=c',
  malfunctionImages: ['/api/files/private/277/f1.jpg?sig=b', '/api/files/private/277/f2.jpg?sig=c'],
  createTime: '2026-03-10 09:05:00',
  status: 0 as 0 | 1,
  remark: '',
};

describe('/faultServiceDetail', () => {
  it('shows every field and labels the vouchers 发票信息 and the fault photos 故障图片; no result while in service', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({
      'GET /productUpkeep/v1/query': (call) => {
        calls.push(call);
        return REPAIR;
      },
    });
    renderApp('/faultServiceDetail?upkeepId=5');
    expect(await screen.findByText('血糖仪 / 糖护G1')).toBeTruthy();
    expect(calls[0]?.query.get('upkeepId')).toBe('5');
    for (const [term, value] of [
      ['服务编码', 'WX20260310005'],
      ['报修时间', '2026-03-10 09:05:00'],
      ['联系人', '王秀英'],
      ['联系电话', '13800138000'],
      ['地址', '杭州市西湖区文三路90号'],
      ['购买日期', '2025-12-01'],
      ['批次号', 'B2025-07'],
      ['SN/IMEI', '861234567890123'],
    ]) {
      expect(screen.getByLabelText(term!).textContent).toBe(value);
    }
    expect(within(screen.getByRole('region', { name: '故障描述' })).getByText('开机后屏幕不亮')).toBeTruthy();
    const vouchers = within(screen.getByRole('region', { name: '发票信息' })).getAllByRole('img');
    expect(vouchers.map((img) => img.getAttribute('src'))).toEqual(['/api/files/private/277/receipt.jpg?sig=a']);
    const faults = within(screen.getByRole('region', { name: '故障图片' })).getAllByRole('img');
    expect(faults.map((img) => img.getAttribute('src'))).toEqual(REPAIR.malfunctionImages);
    expect(screen.getByLabelText('状态').textContent).toBe('服务中');
    expect(screen.queryByRole('region', { name: '处理结果' })).toBeNull();

    // A tap opens the group full screen at that photo.
    fireEvent.click(screen.getByRole('button', { name: '查看故障图片第2张' }));
    await waitFor(() =>
      expect(document.querySelector('.adm-image-viewer-indicator')?.textContent?.replace(/\s/g, '')).toBe('2/2'),
    );
  });

  it('shows the handling result once the request is done', async () => {
    fakeApi({
      'GET /productUpkeep/v1/query': () => ({ ...REPAIR, status: 1, remark: '已更换主板，设备已寄回，请注意查收。' }),
    });
    renderApp('/faultServiceDetail?upkeepId=5');
    const result = await screen.findByRole('region', { name: '处理结果' });
    expect(within(result).getByText('已更换主板，设备已寄回，请注意查收。')).toBeTruthy();
    expect(screen.getByLabelText('状态').textContent).toBe('已完成');
  });

  it('says so when the request is not the customer’s or does not exist', async () => {
    fakeApi({
      'GET /productUpkeep/v1/query': () => {
        throw apiFailure(40400, '报修单不存在', 404);
      },
    });
    renderApp('/faultServiceDetail?upkeepId=99');
    expect(await screen.findByText('报修单不存在')).toBeTruthy();
  });
});
