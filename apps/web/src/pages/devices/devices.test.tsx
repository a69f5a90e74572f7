import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGING_APP_UA,
  apiFailure,
  dialogsClosed,
  fakeApi,
  registeredCustomer,
  renderApp,
  resetStores,
} from '../../test-utils';
import { resetWx } from '../../wechat/jssdk';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  resetWx();
});

const SIGNED = { enabled: true, appId: 'wx_app_1', timestamp: 1763600000, nonceStr: 'n0nce', signature: 'sig123' };

/** The messaging app's `wx` (not ours): configures, then scans `resultStr`. */
function messagingAppScanning(resultStr: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MESSAGING_APP_UA);
  let onReady = () => undefined as void;
  const scanQRCode = vi.fn((options: { success: (r: { resultStr: string }) => void }) =>
    options.success({ resultStr }),
  );
  (globalThis as { wx?: unknown }).wx = {
    config: vi.fn(() => queueMicrotask(() => onReady())),
    ready: (callback: () => void) => (onReady = callback),
    error: () => undefined,
    scanQRCode,
  };
  return scanQRCode;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { wx?: unknown }).wx;
});

function device(id: string, imei: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    deviceImei: imei,
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
    ...fields,
  };
}

const EMPTY = { existsFlag: false, disabeDeviceList: [], hypertensionDeviceList: [], otherDeviceList: [] };

describe('mine', () => {
  it('links the device list', async () => {
    renderApp('/?tab=mine');
    const list = await screen.findByRole('list', { name: '更多服务' });
    expect(
      within(list)
        .getByRole('link', { name: /我的设备/ })
        .getAttribute('href'),
    ).toBe('/devices/unbindDevices');
  });
});

describe('/devices/unbindDevices', () => {
  it('shows the empty state when nothing is bound', async () => {
    fakeApi({ 'GET /device/v1/queryDeviceList': () => EMPTY });
    renderApp('/devices/unbindDevices');
    expect(await screen.findByText('尚未绑定任何设备')).toBeTruthy();
  });

  it("shows the server's message when the list fails", async () => {
    fakeApi({
      'GET /device/v1/queryDeviceList': () => {
        throw apiFailure(50300, '服务繁忙，请稍后再试', 503);
      },
    });
    renderApp('/devices/unbindDevices');
    expect((await screen.findAllByText('服务繁忙，请稍后再试')).length).toBeGreaterThan(0);
  });

  it("shows the client's network message when the list cannot be fetched at all", async () => {
    // resetStores left a network that refuses every call; the SDK names the failure itself.
    renderApp('/devices/unbindDevices');
    expect((await screen.findAllByText('网络连接异常，请检查网络')).length).toBeGreaterThan(0);
  });

  it('groups the devices by kind with last seen, battery and signal', async () => {
    fakeApi({
      'GET /device/v1/queryDeviceList': () => ({
        existsFlag: true,
        disabeDeviceList: [
          device('1', '868888000000017', {
            deviceName: '卧室',
            lastSeenAt: '2026-11-20T02:05:00.000Z',
            battery: 80,
            signal: -71,
          }),
        ],
        hypertensionDeviceList: [device('2', '868888000000025', { deviceKind: 1, kind: 'bp' })],
        otherDeviceList: [],
      }),
    });
    renderApp('/devices/unbindDevices');
    const sugar = within(await screen.findByRole('region', { name: '血糖仪' })).getByRole('article');
    expect(within(sugar).getByLabelText('设备名称').textContent).toBe('卧室');
    expect(within(sugar).getByLabelText('最近在线').textContent).toBe('2026-11-20 10:05');
    expect(within(sugar).getByLabelText('电量').textContent).toBe('80%');
    expect(within(sugar).getByLabelText('信号').textContent).toBe('-71 dBm');
    const pressure = within(screen.getByRole('region', { name: '血压计' })).getByRole('article');
    expect(within(pressure).getByLabelText('设备名称').textContent).toBe('血压计');
    expect(within(pressure).getByLabelText('最近在线').textContent).toBe('从未上线');
    expect(within(pressure).getByLabelText('电量').textContent).toBe('--');
    expect(screen.queryByRole('region', { name: '其他设备' })).toBeNull();
  });

  it('shows the SIM card and the data plan, and 续费 opens the data-plan goods for that meter', async () => {
    fakeApi({
      'GET /device/v1/queryDeviceList': () => ({
        ...EMPTY,
        existsFlag: true,
        disabeDeviceList: [
          device('1', '868888000000017', { iccid: '89860012345678900017', flowExpireTime: '2099-03-09T16:00:00.000Z' }),
          device('3', '868888000000033', { iccid: '89860012345678900033', flowExpireTime: '2020-01-01T00:00:00.000Z' }),
          device('4', '868888000000041'),
        ],
      }),
    });
    const { router } = renderApp('/devices/unbindDevices');
    const [running, ended, unknown] = within(await screen.findByRole('region', { name: '血糖仪' })).getAllByRole(
      'article',
    );
    expect(within(running!).getByLabelText('SIM卡号').textContent).toBe('89860012345678900017');
    expect(within(running!).getByLabelText('流量有效期').textContent).toBe('2099-03-10');
    expect(within(ended!).getByLabelText('流量有效期').textContent).toBe('2020-01-01 已到期');
    // A meter whose SIM card is unknown cannot be renewed: no plan line and no 续费.
    expect(within(unknown!).getByLabelText('SIM卡号').textContent).toBe('未登记');
    expect(within(unknown!).queryByLabelText('流量有效期')).toBeNull();
    expect(within(unknown!).queryByRole('button', { name: '续费' })).toBeNull();
    fireEvent.click(within(running!).getByRole('button', { name: '续费' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/categorysGoods'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      rechargePackage: '1',
      deviceImei: '868888000000017',
      deviceKind: '0',
    });
  });

  it('renames only when the name changed, and refuses a name over 10 characters', async () => {
    let name = '卧室';
    const server = fakeApi({
      'GET /device/v1/queryDeviceList': () => ({
        ...EMPTY,
        existsFlag: true,
        disabeDeviceList: [device('1', '868888000000017', { deviceName: name })],
      }),
      'POST /device/v1/edit': (call) => {
        name = (call.body as { deviceName: string }).deviceName;
        return device('1', '868888000000017', { deviceName: name });
      },
    });
    renderApp('/devices/unbindDevices');
    const rename = async (typed: string) => {
      fireEvent.click(await screen.findByRole('button', { name: '重命名' }));
      fireEvent.change(await screen.findByLabelText('设备名称', { selector: 'input' }), { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
      await dialogsClosed();
    };
    await rename('卧室');
    await rename('一二三四五六七八九十一');
    expect(await screen.findByText('设备名不能超过10个字符')).toBeTruthy();
    expect(server.called('POST /device/v1/edit')).toHaveLength(0);
    await rename(' 客厅 ');
    await waitFor(() => expect(server.called('POST /device/v1/edit')).toHaveLength(1));
    expect(server.called('POST /device/v1/edit')[0]?.body).toEqual({
      deviceImei: '868888000000017',
      deviceName: '客厅',
    });
    await waitFor(() => expect(screen.getByText('客厅', { selector: '[aria-label="设备名称"]' })).toBeTruthy());
  });

  it('unbinds after the confirmation only', async () => {
    let bound = true;
    const server = fakeApi({
      'GET /device/v1/queryDeviceList': () =>
        bound ? { ...EMPTY, existsFlag: true, disabeDeviceList: [device('7', '868888000000017')] } : EMPTY,
      'POST /device/v1/unbind': () => {
        bound = false;
        return { id: '7' };
      },
    });
    renderApp('/devices/unbindDevices');
    fireEvent.click(await screen.findByRole('button', { name: '解绑' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await dialogsClosed();
    expect(server.called('POST /device/v1/unbind')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '解绑' }));
    expect(await screen.findByText(/确定解绑该设备吗/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('尚未绑定任何设备')).toBeTruthy();
    expect(server.called('POST /device/v1/unbind')[0]?.body).toEqual({ id: '7' });
    await dialogsClosed();
  });
});

/** The demo glucose meter's label (apps/api/src/seed/demoMeters.json). */
const IMEI = '868888000000017';
const CODE = 'RA9MT3FX';

async function typeLabel(imei: string, code: string) {
  fireEvent.change(await screen.findByLabelText('设备IMEI号', { selector: 'input' }), { target: { value: imei } });
  fireEvent.change(screen.getByLabelText('绑定码', { selector: 'input' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: '绑定' }));
}

describe('/devices/bindDevices/:type', () => {
  it('binds a typed IMEI and bind code and opens the device list', async () => {
    const server = fakeApi({
      'POST /device/v1/bind': () => ({ attached: 0, device: device('1', IMEI) }),
      'GET /device/v1/queryDeviceList': () => ({ ...EMPTY, existsFlag: true, disabeDeviceList: [device('1', IMEI)] }),
    });
    const { router } = renderApp('/devices/bindDevices/0');
    expect(screen.queryByRole('button', { name: '扫码绑定' })).toBeNull();
    await typeLabel(` ${IMEI} `, 'ra9m-t3fx');
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/unbindDevices'));
    expect(server.called('POST /device/v1/bind')[0]?.body).toEqual({ deviceImei: IMEI, bindCode: 'ra9m-t3fx' });
  });

  it.each([
    // A typed IMEI that is wrong is told what is wrong with the IMEI, never 二维码错误.
    ['', CODE, '请输入设备IMEI号'],
    ['12345', CODE, 'IMEI号应为15位数字，您输入了5位'],
    ['86888800000001X', CODE, 'IMEI号只含数字，请核对设备标签'],
    ['868888000000018', CODE, 'IMEI号校验不通过，请逐位核对设备标签上的号码'],
    [IMEI, '', '请输入绑定码'],
    // One symbol mistyped: the check symbol catches it before the server is asked.
    [IMEI, 'RA9MT3FY', '绑定码有误，请核对设备标签上的8位绑定码'],
    [IMEI, 'RA9MT3F', '绑定码有误，请核对设备标签上的8位绑定码'],
  ])('refuses IMEI %j with code %j under the field without calling the server', async (imei, code, message) => {
    const server = fakeApi({});
    renderApp('/devices/bindDevices/0');
    await typeLabel(imei, code);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    [40401, 'notBindable', ['IMEI号或绑定码有误', '该设备已被他人绑定（需原主人先解绑）']],
    [40901, 'boundBySelf', ['该设备已被您绑定']],
  ])('goes to the bind-error page on %d with the causes it may be marked', async (code, cause, marked) => {
    fakeApi({
      'POST /device/v1/bind': () => {
        throw apiFailure(code, 'x', 409);
      },
    });
    const { router } = renderApp('/devices/bindDevices/0');
    await typeLabel(IMEI, CODE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/bindError'));
    expect(router.state.location.search).toBe(`?imei=${IMEI}&cause=${cause}`);
    expect(await screen.findByRole('heading', { name: '绑定失败' })).toBeTruthy();
    expect(screen.getByLabelText('设备IMEI号').textContent).toBe(`IMEI：${IMEI}`);
    const causes = within(screen.getByLabelText('失败原因')).getAllByRole('listitem');
    expect(causes.map((li) => li.textContent)).toEqual([
      '二维码错误：扫描的不是本公司设备标签上的二维码',
      'IMEI号或绑定码有误',
      '该设备已被您绑定',
      '该设备已被他人绑定（需原主人先解绑）',
    ]);
    expect(causes.filter((li) => li.dataset.current === 'true').map((li) => li.textContent)).toEqual(marked);

    // 重新绑定 brings the IMEI back; only the code is typed again.
    await dialogsClosed();
    fireEvent.click(screen.getByRole('button', { name: '重新绑定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/bindDevices/0'));
    expect((await screen.findByLabelText<HTMLInputElement>('设备IMEI号', { selector: 'input' })).value).toBe(IMEI);
    expect(screen.getByLabelText<HTMLInputElement>('绑定码', { selector: 'input' }).value).toBe('');
  });

  it('says under the code when the attempts are used up, and stays', async () => {
    fakeApi({
      'POST /device/v1/bind': () => {
        throw apiFailure(42900, '绑定尝试次数过多，请1小时后再试', 429);
      },
    });
    const { router } = renderApp('/devices/bindDevices/0');
    await typeLabel(IMEI, CODE);
    expect((await screen.findByRole('alert')).textContent).toBe('绑定尝试次数过多，请1小时后再试');
    expect(router.state.location.pathname).toBe('/devices/bindDevices/0');
  });

  it('scans at once with type auto inside the messaging app and binds with the IMEI and code of the label', async () => {
    const scanQRCode = messagingAppScanning('IMEI:868888000000025;CODE:KDY1JB0J');
    const server = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => SIGNED,
      'POST /device/v1/bind': () => ({
        attached: 2,
        device: device('2', '868888000000025', { deviceKind: 1, kind: 'bp' }),
      }),
      'GET /device/v1/queryDeviceList': () => EMPTY,
    });
    const { router } = renderApp('/devices/bindDevices/auto');
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/unbindDevices'));
    expect(scanQRCode).toHaveBeenCalledTimes(1);
    expect(server.called('POST /device/v1/bind')[0]?.body).toEqual({
      deviceImei: '868888000000025',
      bindCode: 'KDY1JB0J',
    });
  });

  it('fills the IMEI from an older QR code without a bind code and asks for the code', async () => {
    messagingAppScanning('https://m.example.cn/d?imei=868888000000025&v=1');
    const server = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => SIGNED,
      'POST /device/v1/bind': () => ({
        attached: 0,
        device: device('2', '868888000000025', { deviceKind: 1, kind: 'bp' }),
      }),
      'GET /device/v1/queryDeviceList': () => EMPTY,
    });
    const { router } = renderApp('/devices/bindDevices/0');
    fireEvent.click(await screen.findByRole('button', { name: '扫码绑定' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入设备标签上的8位绑定码');
    expect(screen.getByLabelText<HTMLInputElement>('设备IMEI号', { selector: 'input' }).value).toBe('868888000000025');
    expect(server.called('POST /device/v1/bind')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('绑定码', { selector: 'input' }), { target: { value: 'kdy1 jboj' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/unbindDevices'));
    expect(server.called('POST /device/v1/bind')[0]?.body).toEqual({
      deviceImei: '868888000000025',
      bindCode: 'kdy1 jboj',
    });
  });

  it('offers no scanner in the messaging app when its SDK cannot be configured', async () => {
    messagingAppScanning('868888000000017');
    const server = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => ({
        enabled: false,
        appId: null,
        timestamp: null,
        nonceStr: null,
        signature: null,
      }),
    });
    renderApp('/devices/bindDevices/auto');
    await screen.findByLabelText('设备IMEI号', { selector: 'input' });
    await waitFor(() => expect(server.called('GET /wechat/v1/getWxJsConfig')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '扫码绑定' })).toBeNull();
    expect(server.called('POST /device/v1/bind')).toHaveLength(0);
  });

  it('sends a scanned code that holds no IMEI to the bind-error page', async () => {
    messagingAppScanning('hello');
    const server = fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => SIGNED });
    const { router } = renderApp('/devices/bindDevices/0');
    fireEvent.click(await screen.findByRole('button', { name: '扫码绑定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/bindError'));
    expect(router.state.location.search).toBe('?imei=hello&cause=unreadableScan');
    const causes = within(await screen.findByLabelText('失败原因')).getAllByRole('listitem');
    expect(causes.filter((li) => li.dataset.current === 'true').map((li) => li.textContent)).toEqual([
      '二维码错误：扫描的不是本公司设备标签上的二维码',
    ]);
    expect(server.called('POST /device/v1/bind')).toHaveLength(0);
  });

  it.each([
    ['2', '', true],
    ['3', '李医生', false],
    ['0', '', false],
  ])('after binding through type %s with doctor %j opens the doctor picker: %s', async (type, doctorName, opens) => {
    const server = fakeApi({
      'POST /device/v1/bind': () => ({ attached: 0, device: device('1', IMEI) }),
      'GET /customer/v1/getHealthInfo': () => ({ doctorName }),
      'GET /device/v1/queryDeviceList': () => EMPTY,
      'GET /doctor/v1/queryHospitalList': () => [],
    });
    const { router } = renderApp(`/devices/bindDevices/${type}`);
    await typeLabel(IMEI, CODE);
    if (opens) {
      expect(await screen.findByText('选择您的医生')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/devices/bindDevices/2');
    } else {
      await waitFor(() => expect(router.state.location.pathname).toBe('/devices/unbindDevices'));
      expect(server.called('GET /customer/v1/getHealthInfo')).toHaveLength(type === '0' ? 0 : 1);
    }
  });
});
