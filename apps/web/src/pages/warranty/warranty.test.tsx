import { chinaDateKey } from '@glucoguard/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiFailure,
  fakeApi,
  fakeMessagingAppScanner,
  registeredPatientPageHooks,
  renderApp,
  resetStores,
} from '../../test-utils';
import { useSession } from '../../store/session';
import { resetWx } from '../../wechat/jssdk';

registeredPatientPageHooks();

beforeEach(() => {
  resetWx();
});

afterEach(() => {
  delete (globalThis as { wx?: unknown }).wx;
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const SIGNED = { enabled: true, appId: 'wx_app_1', timestamp: 1763600000, nonceStr: 'n0nce', signature: 'sig123' };
const OFF = { enabled: false, appId: null, timestamp: null, nonceStr: null, signature: null };

const visitor = () => resetStores({ isAuth: '0', customerId: 'v1', customer: null });

const typePhone = (value: string) =>
  fireEvent.change(screen.getByLabelText('手机号', { selector: 'input' }), { target: { value } });
const imeiField = () => screen.getByLabelText<HTMLInputElement>('设备IMEI号', { selector: 'input' });
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '提交' });

function warranty(fields: Record<string, unknown> = {}) {
  return {
    warrantyId: 11,
    productId: 3,
    goodsName: 'GG-1 蜂窝血糖仪',
    goodsUrl: 'after-sales/models/gg1.png',
    deviceImei: '868888000000025',
    orderTime: '2026-11-01',
    deviceType: 0,
    warTime: 12,
    warUrl: '',
    phone: '13800138000',
    expired: false,
    warrantyEnd: '2027-10-31',
    createTime: '2026-11-20T02:00:00.000Z',
    ...fields,
  };
}

describe('/addProduct', () => {
  it('reads the IMEI from the messaging app’s scan and lets a visitor submit only with phone, date and IMEI', async () => {
    visitor();
    const scanQRCode = fakeMessagingAppScanner('https://m.example.cn/d?imei=868888000000025&v=1');
    const server = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => SIGNED,
      'POST /product/v1/productPurchase/add': () => 'v1',
      'GET /register/v1/config': () => ({ variant: 'A' }),
    });
    const { router } = renderApp('/addProduct?orderTimeStr=2026-11-01');
    await screen.findByRole('heading', { name: '登记产品保修' });
    expect(submitButton().disabled).toBe(true);
    typePhone('138-0013-8000');
    expect(screen.getByLabelText<HTMLInputElement>('手机号', { selector: 'input' }).value).toBe('13800138000');
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: '扫码' }));
    await waitFor(() => expect(imeiField().value).toBe('868888000000025'));
    expect(scanQRCode).toHaveBeenCalledTimes(1);
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: '登记成功' })).toBeTruthy();
    expect(server.called('POST /product/v1/productPurchase/add')[0]?.body).toEqual({
      phone: '13800138000',
      orderTimeStr: '2026-11-01',
      deviceImei: '868888000000025',
    });
    expect(server.called('POST /customerWarrantyOrder/v1/add')).toHaveLength(0);
    // 注册并查看我的产品: registration first, then 我的产品.
    fireEvent.click(screen.getByRole('button', { name: '注册并查看我的产品' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(useSession.getState().wanted).toBe('/productList');
  });

  it('says 请输入正确的手机号 and a future date under their fields, and sends nothing', async () => {
    visitor();
    const server = fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => OFF });
    const tomorrow = chinaDateKey(Date.now() + 24 * 3600_000);
    renderApp(`/addProduct?orderTimeStr=${tomorrow}&deviceImei=868888000000025`);
    await screen.findByRole('heading', { name: '登记产品保修' });
    typePhone('12345678901');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('请输入正确的手机号');
    typePhone('13800138000');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('购买日期不能晚于今天');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('reads a pasted scan text like a scanned one and refuses a code that is no IMEI or SN', async () => {
    visitor();
    const server = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => OFF,
      'POST /product/v1/productPurchase/add': () => 'v1',
    });
    renderApp('/addProduct?orderTimeStr=2026-11-01');
    await screen.findByRole('heading', { name: '登记产品保修' });
    typePhone('13800138000');
    fireEvent.change(imeiField(), { target: { value: '扫码失败' } });
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('请扫描或输入正确的设备IMEI');
    fireEvent.change(imeiField(), { target: { value: 'CODE_128,868888000000025' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(submitButton());
    await screen.findByRole('heading', { name: '登记成功' });
    expect(server.called('POST /product/v1/productPurchase/add')).toHaveLength(1);
    expect(server.called('POST /product/v1/productPurchase/add')[0]?.body).toMatchObject({
      deviceImei: '868888000000025',
    });
  });

  it('shows 我是亲友 only without an account, and it leads to registration, coming back here', async () => {
    visitor();
    fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => OFF, 'GET /register/v1/config': () => ({ variant: 'A' }) });
    const { router } = renderApp('/addProduct');
    fireEvent.click(await screen.findByRole('button', { name: '我是亲友' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(useSession.getState().wanted).toBe('/addProduct');
  });

  it('registers a registered customer’s product with their phone filled in, then opens it', async () => {
    const server = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => OFF,
      'POST /customerWarrantyOrder/v1/add': () => warranty(),
      'GET /customerWarrantyOrder/v1/getById': () => ({
        ...warranty(),
        videoUrl: '',
        manualUrl: '',
        manualImages: [],
        remark: '',
      }),
    });
    const { router } = renderApp('/addProduct?orderTimeStr=2026-11-01');
    await screen.findByRole('heading', { name: '登记产品保修' });
    expect(screen.queryByRole('button', { name: '我是亲友' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('手机号', { selector: 'input' }).value).toBe('13800138000');
    fireEvent.change(imeiField(), { target: { value: ' 868888000000025 ' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/productDetail'));
    expect(router.state.location.search).toBe('?warrantyId=11');
    expect(server.called('POST /customerWarrantyOrder/v1/add')[0]?.body).toEqual({
      phone: '13800138000',
      orderTimeStr: '2026-11-01',
      deviceImei: '868888000000025',
    });
    expect(server.called('POST /product/v1/productPurchase/add')).toHaveLength(0);
  });

  it('opens the model list when the API cannot tell the model, and sends the chosen one', async () => {
    let attempts = 0;
    const server = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => OFF,
      'GET /product/v1/queryCategoryList': () => [
        { id: 1, name: '血糖仪', iconUrl: '' },
        { id: 2, name: '血压计', iconUrl: '' },
      ],
      'GET /product/v1/queryProductList': (call) =>
        call.query.get('categoryId') === '2'
          ? [{ id: 7, name: 'BP-2 上臂式血压计', iconUrl: '', categoryId: 2 }]
          : [{ id: 3, name: 'GG-1 蜂窝血糖仪', iconUrl: '', categoryId: 1 }],
      'POST /customerWarrantyOrder/v1/add': () => {
        attempts += 1;
        if (attempts === 1) {
          throw apiFailure(40000, '请选择产品型号');
        }
        return warranty({ warrantyId: 12, productId: 7 });
      },
    });
    const { router } = renderApp('/addProduct?orderTimeStr=2026-11-01&deviceImei=SN20261101');
    await screen.findByRole('heading', { name: '登记产品保修' });
    fireEvent.click(submitButton());
    const sheet = await screen.findByRole('dialog', { name: '选择产品型号' });
    fireEvent.click(await within(sheet).findByRole('tab', { name: '血压计' }));
    fireEvent.click(await within(sheet).findByRole('button', { name: 'BP-2 上臂式血压计' }));
    expect((await screen.findByRole('button', { name: '产品型号' })).textContent).toBe('BP-2 上臂式血压计');
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.search).toBe('?warrantyId=12'));
    expect(server.called('POST /customerWarrantyOrder/v1/add')[1]?.body).toEqual({
      phone: '13800138000',
      orderTimeStr: '2026-11-01',
      deviceImei: 'SN20261101',
      productId: 7,
    });
  });

  it('opens the camera outside the messaging app and says so when it is not allowed; the IMEI can still be typed', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    fakeApi({});
    renderApp('/addProduct');
    fireEvent.click(await screen.findByRole('button', { name: '扫码' }));
    const camera = await screen.findByRole('dialog', { name: '扫描条码' });
    expect((await within(camera).findByRole('alert')).textContent).toBe(
      '未获得摄像头权限，请在浏览器设置中允许使用摄像头，或手动输入',
    );
    expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { facingMode: 'environment' } });
    fireEvent.click(within(camera).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '扫描条码' })).toBeNull());
    fireEvent.change(imeiField(), { target: { value: 'CODE_128,868888000000025' } });
    expect(imeiField().value).toBe('CODE_128,868888000000025');
  });

  it('closes the camera view with Escape, leaving the field as it was', async () => {
    const getUserMedia = vi.fn(() => new Promise<MediaStream>(() => undefined));
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    fakeApi({});
    renderApp('/addProduct?deviceImei=868888000000017');
    fireEvent.click(await screen.findByRole('button', { name: '扫码' }));
    const camera = await screen.findByRole('dialog', { name: '扫描条码' });
    expect(document.activeElement).toBe(camera);
    expect(within(camera).getByText('请将设备标签上的二维码或条形码放入框内')).toBeTruthy();
    fireEvent.keyDown(camera, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '扫描条码' })).toBeNull());
    expect(imeiField().value).toBe('868888000000017');
  });

  it('offers no scanner where there is neither the messaging app nor a camera', async () => {
    fakeApi({});
    renderApp('/addProduct');
    await screen.findByRole('heading', { name: '登记产品保修' });
    expect(screen.queryByRole('button', { name: '扫码' })).toBeNull();
    expect(imeiField().placeholder).toBe('请输入设备IMEI号');
  });
});

describe('/productList', () => {
  it('lists the products in pages of 5 with 在保 or 已过保 and the last covered day', async () => {
    const server = fakeApi({
      'GET /customerWarrantyOrder/v1/pageQueryList': () => ({
        items: [
          warranty({ orderTime: chinaDateKey(Date.now()) }),
          warranty({
            warrantyId: 10,
            goodsName: 'BP-2 上臂式血压计',
            orderTime: '2020-03-01',
            warTime: 12,
            expired: true,
            warrantyEnd: '2021-02-28',
          }),
        ],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    const { router } = renderApp('/productList');
    const fresh = await screen.findByRole('link', { name: '产品 GG-1 蜂窝血糖仪' });
    expect(within(fresh).getByLabelText('保修状态').textContent).toMatch(/^在保保修至 \d{4}-\d{2}-\d{2}$/);
    const old = screen.getByRole('link', { name: '产品 BP-2 上臂式血压计' });
    expect(within(old).getByLabelText('保修状态').textContent).toBe('已过保保修至 2021-02-28');
    expect(server.called('GET /customerWarrantyOrder/v1/pageQueryList')[0]?.query.get('pageSize')).toBe('5');
    fireEvent.click(fresh);
    await waitFor(() => expect(router.state.location.search).toBe('?warrantyId=11'));
  });

  it('shows the state and last day the API answers for each record, counting them itself only without an end date', async () => {
    fakeApi({
      'GET /customerWarrantyOrder/v1/pageQueryList': () => ({
        items: [
          // The server's answer, counted on its own clock, wins over the phone's count from the date.
          warranty({ orderTime: '2026-11-01', warTime: 12, expired: true, warrantyEnd: '2026-11-15' }),
          warranty({
            warrantyId: 10,
            goodsName: 'BP-2 上臂式血压计',
            orderTime: '2020-03-01',
            warTime: 12,
            expired: false,
            warrantyEnd: '',
          }),
        ],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    renderApp('/productList');
    const answered = await screen.findByRole('link', { name: '产品 GG-1 蜂窝血糖仪' });
    expect(within(answered).getByLabelText('保修状态').textContent).toBe('已过保保修至 2026-11-15');
    const counted = screen.getByRole('link', { name: '产品 BP-2 上臂式血压计' });
    expect(within(counted).getByLabelText('保修状态').textContent).toBe('已过保保修至 2021-02-28');
  });

  it('says 尚未添加任何产品 and 添加产品 opens the form', async () => {
    fakeApi({
      'GET /customerWarrantyOrder/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
      'GET /wechat/v1/getWxJsConfig': () => OFF,
    });
    const { router } = renderApp('/productList');
    expect(await screen.findByText('尚未添加任何产品')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加产品' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addProduct'));
  });

  it('sends a visitor to /addProduct, remembering /productList for after registering', async () => {
    visitor();
    const server = fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => OFF });
    const { router } = renderApp('/productList');
    await waitFor(() => expect(router.state.location.pathname).toBe('/addProduct'));
    expect(await screen.findByRole('button', { name: '我是亲友' })).toBeTruthy();
    expect(useSession.getState().wanted).toBe('/productList');
    expect(server.called('GET /customerWarrantyOrder/v1/pageQueryList')).toHaveLength(0);
  });

  it('is /addProduct for a session without an account (no cid)', async () => {
    resetStores({ isAuth: '1', customerId: null, customer: null });
    const server = fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => OFF });
    const { router } = renderApp('/productList');
    await waitFor(() => expect(router.state.location.pathname).toBe('/addProduct'));
    expect(server.called('GET /customerWarrantyOrder/v1/pageQueryList')).toHaveLength(0);
  });
});

describe('/productDetail', () => {
  it('shows the warranty state, the purchase, the video, the manual link and the remark', async () => {
    const server = fakeApi({
      'GET /customerWarrantyOrder/v1/getById': () => ({
        ...warranty({
          orderTime: '2020-03-01',
          warUrl: 'after-sales/cards/gg1.png',
          expired: true,
          warrantyEnd: '2021-02-28',
        }),
        videoUrl: 'https://video.example.cn/gg1.mp4',
        manualUrl: 'after-sales/manuals/gg1.pdf',
        manualImages: [],
        remark: '使用前请先插入试纸。',
      }),
    });
    const { router } = renderApp('/productDetail?warrantyId=11');
    expect(await screen.findByRole('heading', { name: 'GG-1 蜂窝血糖仪' })).toBeTruthy();
    expect(server.called('GET /customerWarrantyOrder/v1/getById')[0]?.query.get('warrantyId')).toBe('11');
    expect(screen.getByLabelText('保修状态').textContent).toBe('已过保保修至 2021-02-28');
    expect(screen.getByText('血糖仪')).toBeTruthy();
    expect(screen.getByText('12个月')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: '使用视频' }))
        .getByText('您的浏览器无法播放此视频')
        .closest('video')
        ?.getAttribute('src'),
    ).toBe('https://video.example.cn/gg1.mp4');
    expect(screen.getByText('使用前请先插入试纸。')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'GG-1 蜂窝血糖仪保修卡' }).getAttribute('src')).toBe(
      '/api/files/after-sales/cards/gg1.png',
    );
    fireEvent.click(screen.getByRole('link', { name: '查看产品说明书' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pdfDetail'));
    expect(router.state.location.search).toBe('?productId=3');
  });

  it('says so when there is no video or manual', async () => {
    fakeApi({
      'GET /customerWarrantyOrder/v1/getById': () => ({
        ...warranty(),
        videoUrl: '',
        manualUrl: '',
        manualImages: [],
        remark: '',
      }),
    });
    renderApp('/productDetail?warrantyId=11');
    expect(await screen.findByText('暂无使用视频')).toBeTruthy();
    expect(screen.getByText('暂无说明书')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '产品说明' })).toBeNull();
  });

  it.each([40400, 40300])('ends on 保修记录不存在 when the API answers %i', async (code) => {
    fakeApi({
      'GET /customerWarrantyOrder/v1/getById': () => {
        throw apiFailure(code, '保修记录不存在');
      },
    });
    renderApp('/productDetail?warrantyId=99');
    expect(await screen.findByText('保修记录不存在')).toBeTruthy();
  });
});

describe('登记保修 on the device page', () => {
  const meter = {
    id: '2',
    deviceImei: '868888000000025',
    deviceName: '',
    deviceKind: 0,
    kind: 'glucose',
    model: 'GG-1',
    iccid: null,
    flowExpireTime: null,
    createTime: '2026-11-20 10:00:00',
    lastSeenAt: null,
    battery: null,
    signal: null,
  };
  const list = {
    existsFlag: true,
    disabeDeviceList: [meter],
    hypertensionDeviceList: [],
    otherDeviceList: [],
  };

  it('registers a bound meter in one tap with its IMEI and the day it was bound', async () => {
    const server = fakeApi({
      'GET /device/v1/queryDeviceList': () => list,
      'POST /customerWarrantyOrder/v1/add': () => warranty({ warrantyId: 21 }),
    });
    const { router } = renderApp('/devices/unbindDevices');
    fireEvent.click(await screen.findByRole('button', { name: '登记保修' }));
    expect(
      await screen.findByText('为这台设备（IMEI 868888000000025）登记保修，购买日期按绑定日期 2026-11-20 计算。'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '一键登记' }));
    await waitFor(() => expect(router.state.location.search).toBe('?warrantyId=21'));
    expect(router.state.location.pathname).toBe('/productDetail');
    expect(server.called('POST /customerWarrantyOrder/v1/add')[0]?.body).toEqual({
      deviceImei: '868888000000025',
      orderTimeStr: '2026-11-20',
    });
  });

  it('opens the filled-in form to change the purchase date', async () => {
    const server = fakeApi({ 'GET /device/v1/queryDeviceList': () => list, 'GET /wechat/v1/getWxJsConfig': () => OFF });
    const { router } = renderApp('/devices/unbindDevices');
    fireEvent.click(await screen.findByRole('button', { name: '登记保修' }));
    fireEvent.click(await screen.findByRole('button', { name: '修改购买日期' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addProduct'));
    expect(await screen.findByRole('button', { name: '购买日期' })).toHaveProperty('textContent', '2026-11-20');
    expect(imeiField().value).toBe('868888000000025');
    expect(server.called('POST /customerWarrantyOrder/v1/add')).toHaveLength(0);
  });

  it('shows the API’s refusal of a meter registered already', async () => {
    fakeApi({
      'GET /device/v1/queryDeviceList': () => list,
      'POST /customerWarrantyOrder/v1/add': () => {
        throw apiFailure(40900, '该设备已登记，请勿重复登记', 409);
      },
    });
    const { router } = renderApp('/devices/unbindDevices');
    fireEvent.click(await screen.findByRole('button', { name: '登记保修' }));
    fireEvent.click(await screen.findByRole('button', { name: '一键登记' }));
    expect(await screen.findByText('该设备已登记，请勿重复登记')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(router.state.location.pathname).toBe('/devices/unbindDevices');
  });
});
