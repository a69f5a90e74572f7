import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CELL_COLOURS } from '../reportCenter/colours';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'me', customer: registeredCustomer({ cid: 'me' }) });
});

const friend = (
  id: string,
  customerNote: string,
  overrides: Partial<{ auditStatus: 0 | 1; isReceive: 0 | 1; customerId: string }> = {},
) => ({
  id,
  customerId: `c${id}`,
  customerNote,
  nickname: customerNote,
  customerHeadimgurl: '',
  sex: 1 as const,
  isReceive: 1 as const,
  auditStatus: 1 as const,
  ...overrides,
});

describe('/friend/friendList 我的亲友', () => {
  it('shows the empty state with the add button', async () => {
    fakeApi({ 'GET /follower/v1/queryIFocus': () => ({ items: [], currentPage: 1, totalPage: 0 }) });
    const { router } = renderApp('/friend/friendList');
    expect(await screen.findByText('您还未添加亲友，快去添加吧~')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加亲友' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friend/searchFriend'));
  });

  it('lists note names with the notification icon and marks waiting requests', async () => {
    const server = fakeApi({
      'GET /follower/v1/queryIFocus': () => ({
        items: [friend('1', '爸爸'), friend('2', '妈妈', { auditStatus: 0, isReceive: 0 })],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    const { router } = renderApp('/friend/friendList');
    expect(await screen.findByText('爸爸')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '测量提醒已开启' })).toHaveLength(1);
    expect(screen.getAllByRole('img', { name: '测量提醒已关闭' })).toHaveLength(1);
    expect(screen.getByText('等待对方同意')).toBeTruthy();
    expect(server.called('GET /follower/v1/queryIFocus')[0]?.query.get('pageSize')).toBe('10');
    fireEvent.click(screen.getByRole('link', { name: '查看爸爸' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friendDetails'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      id: '1',
      name: '爸爸',
      isReceive: '1',
      customerId: 'c1',
    });
  });

  it('edits the note, switches notifications and deletes after confirming, from the menu', async () => {
    let note = '爸爸';
    const server = fakeApi({
      'GET /follower/v1/queryIFocus': () => ({ items: [friend('1', note)], currentPage: 1, totalPage: 1 }),
      'POST /follower/v1/editIFocus': (call) => {
        const body = call.body as { customerNote?: string };
        note = body.customerNote ?? note;
        return friend('1', note);
      },
      'POST /follower/v1/del': () => ({ ok: true }),
    });
    renderApp('/friend/friendList');
    fireEvent.click(await screen.findByRole('button', { name: '爸爸的操作' }));
    fireEvent.click(await screen.findByText('修改备注'));
    const input = await screen.findByRole('textbox', { name: '备注' });
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByText('保存'));
    expect(await screen.findByText('备注不能为空')).toBeTruthy();
    fireEvent.change(input, { target: { value: '老爸' } });
    fireEvent.click(screen.getByText('保存'));
    expect(await screen.findByText('老爸')).toBeTruthy();
    expect(server.called('POST /follower/v1/editIFocus')[0]?.body).toEqual({ id: '1', customerNote: '老爸' });

    fireEvent.click(screen.getByRole('button', { name: '老爸的操作' }));
    // The previous sheet may still be closing: act on the newest one.
    fireEvent.click((await screen.findAllByText('关闭测量提醒')).at(-1) as HTMLElement);
    await waitFor(() => expect(server.called('POST /follower/v1/editIFocus')).toHaveLength(2));
    expect(server.called('POST /follower/v1/editIFocus')[1]?.body).toEqual({ id: '1', isReceive: 0 });

    fireEvent.click(screen.getByRole('button', { name: '老爸的操作' }));
    fireEvent.click((await screen.findAllByText('删除亲友')).at(-1) as HTMLElement);
    expect(await screen.findByText(/确定删除吗/)).toBeTruthy();
    fireEvent.click(screen.getByText('删除'));
    await waitFor(() => expect(server.called('POST /follower/v1/del')[0]?.body).toEqual({ id: '1' }));
  });
});

describe('/friend/searchFriend', () => {
  const found = (auditStatus: 0 | 1 | null, isSelfFlag = false) => ({
    isSelfFlag,
    existsFlag: true,
    customerVo: { customerId: 'p1', nickname: '张建国', phone: '13800000001', headimgurl: '', sex: 1 as const },
    auditStatus,
  });
  const search = async (phone: string) => {
    fireEvent.change(await screen.findByRole('textbox', { name: '手机号' }), { target: { value: phone } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
  };

  it('checks the phone before searching', async () => {
    const server = fakeApi({});
    renderApp('/friend/searchFriend');
    await search('1380000');
    expect(await screen.findByText('请输入正确电话号码')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    [1, '已添加', true],
    [0, '已发送', false],
    [null, '添加', false],
  ] as const)('shows auditStatus %j as %s (disabled: %s)', async (auditStatus, label, disabled) => {
    fakeApi({ 'GET /follower/v1/queryByPhone': () => found(auditStatus) });
    renderApp('/friend/searchFriend');
    await search('13800000001');
    const result = await screen.findByRole('region', { name: '搜索结果' });
    const button = within(result).getByRole('button', { name: label });
    expect((button as HTMLButtonElement).disabled).toBe(disabled);
  });

  it('says when the phone is unknown or the user’s own', async () => {
    let answer: unknown = { isSelfFlag: false, existsFlag: false, customerVo: null, auditStatus: null };
    fakeApi({ 'GET /follower/v1/queryByPhone': () => answer });
    renderApp('/friend/searchFriend');
    await search('13800000009');
    expect((await screen.findAllByText('用户不存在')).length).toBeGreaterThan(0);
    answer = found(null, true);
    await search('13800138000');
    expect((await screen.findAllByText('不能添加自己为亲友')).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('region', { name: '搜索结果' })).queryByRole('button')).toBeNull();
  });

  it('sends the request and shows the success screen, then the friend list', async () => {
    const server = fakeApi({
      'GET /follower/v1/queryByPhone': () => found(null),
      'POST /follower/v1/addFocus': () => ({ id: '7', auditStatus: 0 }),
      'GET /follower/v1/queryIFocus': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    const { router } = renderApp('/friend/searchFriend');
    await search('13800000001');
    fireEvent.click(await screen.findByRole('button', { name: '添加' }));
    expect(await screen.findByText('已成功提交好友申请，请耐心等待验证！')).toBeTruthy();
    expect(server.called('POST /follower/v1/addFocus')[0]?.body).toEqual({ customerId: 'p1' });
    fireEvent.click(screen.getByRole('button', { name: '返回亲友列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friend/friendList'));
  });

  it('shows the failure screen with the reason', async () => {
    fakeApi({
      'GET /follower/v1/queryByPhone': () => found(0),
      'POST /follower/v1/addFocus': () => {
        throw apiFailure(40900, '已添加', 409);
      },
    });
    renderApp('/friend/searchFriend');
    await search('13800000001');
    fireEvent.click(await screen.findByRole('button', { name: '已发送' }));
    expect(await screen.findByText('提交好友申请失败！')).toBeTruthy();
    expect(screen.getByText('已添加')).toBeTruthy();
  });
});

describe('/friendDetails', () => {
  it('shows the settings, opens the data and deletes after confirming', async () => {
    const server = fakeApi({
      'GET /follower/v1/getIFocus': () => friend('1', '爸爸'),
      'POST /follower/v1/editIFocus': () => friend('1', '爸爸', { isReceive: 0 }),
      'POST /follower/v1/del': () => ({ ok: true }),
      'GET /follower/v1/queryIFocus': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    const { router } = renderApp('/friendDetails?id=1&name=爸爸&isReceive=1&customerId=c1');
    expect(await screen.findByText('查看亲友数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '测量提醒' }));
    await waitFor(() =>
      expect(server.called('POST /follower/v1/editIFocus')[0]?.body).toEqual({ id: '1', isReceive: 0 }),
    );
    fireEvent.click(screen.getByRole('button', { name: '删除亲友' }));
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friend/friendList'));
  });

  it('hides the data of a request still waiting', async () => {
    fakeApi({ 'GET /follower/v1/getIFocus': () => friend('2', '妈妈', { auditStatus: 0 }) });
    renderApp('/friendDetails?id=2');
    expect(await screen.findByText('等待对方同意')).toBeTruthy();
    expect(screen.queryByText('查看亲友数据')).toBeNull();
  });
});

describe('/friend/friendReportList', () => {
  const day = {
    dateTime: '2026-11-20',
    sugarTestMaps: [
      {
        testId: '1',
        timeType: 1,
        sugar: 5.5,
        pj: 'normal' as const,
        createTime: '2026-11-20 07:00:00',
        remark: '早饭前',
        deviceImei: null,
        testType: '1' as const,
      },
      {
        testId: '2',
        timeType: 1,
        sugar: 25,
        pj: 'seriousHigh' as const,
        createTime: '2026-11-20 08:00:00',
        remark: '',
        deviceImei: null,
        testType: '1' as const,
      },
      {
        testId: '3',
        timeType: 8,
        sugar: 2.5,
        pj: 'seriousLow' as const,
        createTime: '2026-11-20 03:00:00',
        remark: '',
        deviceImei: '861234567890123',
        testType: '1' as const,
      },
    ],
  };
  const routes = {
    'GET /follower/v1/queryIFocusStat': () => ({ seriousHigh: 1, high: 0, normal: 1, low: 0, seriousLow: 1, total: 3 }),
    'GET /follower/v1/queryIFocusData': () => ({ items: [day], currentPage: 1, totalPage: 1 }),
    'GET /follower/v1/queryIFocusBloodPressure': () => ({
      items: [
        {
          bpId: 'b1',
          customerId: 'c1',
          sbp: 185,
          dbp: 112,
          hr: 80,
          remark: '',
          createTime: '2026-11-20 09:00:00',
          color: 3,
          testType: '1',
          deviceImei: null,
          synckey: null,
        },
      ],
      currentPage: 1,
      totalPage: 1,
    }),
  };

  it('shows the five levels and the day table coloured by level, with readings that cannot be edited', async () => {
    fakeApi(routes);
    renderApp('/friend/friendReportList?id=c1&name=爸爸');
    await waitFor(() => expect(screen.getByLabelText('严重偏高').textContent).toBe('1'));
    expect(screen.getByLabelText('总次数').textContent).toBe('3');
    // The counts in the patient's own order, 严重偏低 in a colour of its own.
    const counts = within(screen.getByLabelText('血糖统计'));
    expect(counts.getAllByRole('term').map((dt) => dt.textContent)).toEqual([
      '总次数',
      '正常',
      '偏高',
      '偏低',
      '严重偏高',
      '严重偏低',
    ]);
    expect(screen.getByLabelText('严重偏低').dataset.level).toBe('seriousLow');
    const table = await screen.findByRole('table', { name: '亲友血糖数据表' });
    // The fasting cell shows the latest reading (25.0 — one decimal, red) and marks the two readings.
    expect(within(table).getByText('25.0')).toBeTruthy();
    expect(within(table).getByLabelText('2次测量')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '查看2026-11-20的血糖' }));
    const popup = await screen.findByRole('dialog', { name: '2026-11-20的血糖记录' });
    expect(within(popup).getByText('25.0').dataset.colour).toBe(CELL_COLOURS.red);
    expect(within(popup).getByText('2.5').dataset.colour).toBe(CELL_COLOURS.yellow);
    expect(within(popup).getByText('设备测量')).toBeTruthy();
    expect(within(popup).queryByText('编辑')).toBeNull();
  });

  it('lists the pressure readings coloured and without an add button', async () => {
    fakeApi(routes);
    renderApp('/friend/friendReportList?id=c1&name=爸爸');
    fireEvent.click(await screen.findByText('血压'));
    expect((await screen.findByText('185')).dataset.colour).toBe(CELL_COLOURS.red);
    expect(screen.queryByRole('button', { name: '添加血压' })).toBeNull();
  });

  it('opens on the pressure tab after a pressure reading was saved for the patient, with the same range control', async () => {
    const server = fakeApi(routes);
    renderApp('/friend/friendReportList?id=c1&name=爸爸&tab=pressure');
    expect((await screen.findByText('185')).dataset.colour).toBe(CELL_COLOURS.red);
    const ranges = within(screen.getByRole('group', { name: '日期范围' }));
    expect(ranges.getAllByRole('option').map((o) => o.textContent)).toEqual(['近30天', '近60天', '近90天']);
    fireEvent.click(ranges.getByText('近90天'));
    await waitFor(() => expect(server.called('GET /follower/v1/queryIFocusBloodPressure')).toHaveLength(2));
    const [first, second] = server.called('GET /follower/v1/queryIFocusBloodPressure');
    expect(second?.query.get('createStartTime')).not.toBe(first?.query.get('createStartTime'));
  });

  it('says so when the patient has not granted access or took it back', async () => {
    fakeApi({
      'GET /follower/v1/queryIFocusStat': () => {
        throw apiFailure(40300, '对方尚未同意您查看其健康数据', 403);
      },
    });
    renderApp('/friend/friendReportList?id=c1&name=爸爸');
    expect(await screen.findByText('对方尚未同意您查看其健康数据')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('/friend/followers', () => {
  const person = (id: string, nickname: string, acceptTime: string | null) => ({
    id,
    customerId: `f${id}`,
    nickname,
    headimgurl: '',
    sex: 2 as const,
    phone: '138****0002',
    auditStatus: acceptTime ? (1 as const) : (0 as const),
    requestTime: '2026-11-20 10:00:00',
    acceptTime,
  });

  it('accepts a request only after saying what it shares, and revokes after confirming', async () => {
    let requests = [person('1', '张丽', null)];
    let followers = [person('2', '张伟', '2026-11-01 09:00:00')];
    const server = fakeApi({
      'GET /follower/v1/queryFocusRequests': () => ({ items: requests, currentPage: 1, totalPage: 1 }),
      'GET /follower/v1/queryFocusMe': () => ({ items: followers, currentPage: 1, totalPage: 1 }),
      'POST /follower/v1/acceptFocus': () => {
        const accepted = { ...person('1', '张丽', '2026-11-20 10:05:00') };
        requests = [];
        followers = [...followers, accepted];
        return accepted;
      },
      'POST /follower/v1/revokeFocus': () => {
        followers = followers.filter((f) => f.id !== '2');
        return { ok: true };
      },
    });
    renderApp('/friend/followers');
    const pending = await screen.findByRole('region', { name: '待处理的申请' });
    fireEvent.click(await within(pending).findByRole('button', { name: '同意' }));
    expect(
      await screen.findByText(
        '同意后，张丽可以查看您的血糖、血压记录，收到您的测量提醒，并可以为您记录数据。您可以随时取消授权。',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '同意' }).at(-1) as HTMLElement);
    await waitFor(() => expect(server.called('POST /follower/v1/acceptFocus')[0]?.body).toEqual({ id: '1' }));
    expect(await within(pending).findByText('暂无新的申请')).toBeTruthy();

    const granted = screen.getByRole('region', { name: '可以查看我数据的亲友' });
    await waitFor(() => expect(within(granted).getAllByRole('button', { name: '取消授权' })).toHaveLength(2));
    fireEvent.click(within(granted).getAllByRole('button', { name: '取消授权' })[0] as HTMLElement);
    expect(await screen.findByText(/张伟将立即无法查看您的健康数据/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '取消授权' }).at(-1) as HTMLElement);
    await waitFor(() => expect(server.called('POST /follower/v1/revokeFocus')[0]?.body).toEqual({ id: '2' }));
  });
});
