import { MEDAL_DIALOG_MS, SUGAR_TIME_TYPES } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { CELL_COLOURS } from './colours';
import { REPORT_CENTER_TAB_KEY } from './tabs';
import { OTHER_PERSON_CONFIRM } from './SelfOtherToggle';

/** The seeded dictionary: every slot 3.0 / 4.4 / 10.0 / 13.9, fasting high at 7.0. */
const DICTIONARY = SUGAR_TIME_TYPES.map((slot, index) => ({
  timeType: slot.timeType,
  name: slot.name,
  code: slot.code,
  startTime: `${String(index * 3).padStart(2, '0')}:00`,
  endTime: index === 7 ? '23:59' : `${String(index * 3 + 3).padStart(2, '0')}:00`,
  minValue: 3.0,
  lowValue: 4.4,
  highValue: slot.timeType === 1 ? 7.0 : 10.0,
  maxValue: 13.9,
}));
const EMPTY_ROW = Object.fromEntries(SUGAR_TIME_TYPES.map((slot) => [slot.code, '']));
const JUDGE = { total: 6, normalCount: 2, highCount: 1, lowCount: 1, seriousHighCount: 1, seriousLowCount: 1 };

const reading = (overrides = {}) => ({
  testId: 't1',
  customerId: 'c1',
  timeType: 1,
  sugar: 6.1,
  remark: '',
  tags: [],
  createTime: '2026-11-20 07:30:00',
  synckey: null,
  testType: '1' as const,
  deviceImei: null,
  level: 'normal' as const,
  ...overrides,
});

const sugarRoutes = {
  'GET /customer/v1/querySugarDic': () => DICTIONARY,
  'GET /sugarTestReport/v1/queryJudge': () => JUDGE,
  'GET /sugarTestReport/v1/queryLog': () => ({
    items: [
      {
        dtime: '2026-11-20',
        ...EMPTY_ROW,
        emptyStomach: '7.5,1',
        afterBreakfast: '8.2,3',
        antePrandium: '3.9,1',
        afterLunch: '0,0',
        atBedtime: '2.5,1',
        beforeDawn: '15,1',
      },
    ],
    currentPage: 1,
    totalPage: 1,
  }),
  'GET /sugarTest/v1/queryDayData': () => [
    reading(),
    reading({
      testId: 't2',
      sugar: 8.2,
      timeType: 2,
      createTime: '2026-11-20 09:10:00',
      deviceImei: '86000000000000000001',
    }),
  ],
};

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  sessionStorage.clear();
});

const cellOf = (table: HTMLElement, column: number) => table.querySelectorAll('tbody td')[column] as HTMLElement;

describe('/reportCenter/reportCenter', () => {
  it('shows the five top tabs, remembers the chosen one and hides the bottom tabs on 报告', async () => {
    fakeApi({
      ...sugarRoutes,
      'GET /bloodPressureTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    const { unmount } = renderApp('/reportCenter/reportCenter');
    await screen.findByRole('tab', { name: '血糖' });
    for (const title of ['血糖', '血压', '血酮', '尿酸', '报告']) {
      expect(screen.getByRole('tab', { name: title })).toBeTruthy();
    }
    expect(await screen.findByRole('table', { name: '血糖数据表' })).toBeTruthy();
    expect(screen.getByText('趋势')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '血压' }));
    expect(sessionStorage.getItem(REPORT_CENTER_TAB_KEY)).toBe('pressure');
    expect(await screen.findByText('暂无血压数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '报告' }));
    expect(screen.queryByText('趋势')).toBeNull();
    unmount();

    // A reload restores the remembered tab.
    sessionStorage.setItem(REPORT_CENTER_TAB_KEY, 'pressure');
    const again = renderApp('/reportCenter/reportCenter');
    expect(await screen.findByText('暂无血压数据')).toBeTruthy();
    again.unmount();
  });

  it('forgets the remembered tab when entered from the home page', async () => {
    fakeApi(sugarRoutes);
    sessionStorage.setItem(REPORT_CENTER_TAB_KEY, 'pressure');
    const { router } = renderApp('/');
    await act(() => router.navigate('/reportCenter/reportCenter', { state: { from: '/' } }));
    expect(await screen.findByRole('table', { name: '血糖数据表' })).toBeTruthy();
    expect(sessionStorage.getItem(REPORT_CENTER_TAB_KEY)).toBeNull();
  });
});

describe('sugar table', () => {
  it('shows the six counts, colours cells by the domain, marks several readings and leaves 0 blank', async () => {
    const api = fakeApi(sugarRoutes);
    renderApp('/reportCenter/reportCenter');
    const table = await screen.findByRole('table', { name: '血糖数据表' });
    await waitFor(() => expect(screen.getByLabelText('总次数').textContent).toBe('6'));
    expect(screen.getByLabelText('严重偏低').textContent).toBe('1');
    // The same order of counts as a relative's view of them, and 严重偏低 in a colour of its own.
    expect(
      within(screen.getByLabelText('血糖统计'))
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['总次数', '正常', '偏高', '偏低', '严重偏高', '严重偏低']);
    expect(screen.getByLabelText('严重偏低').className).not.toBe(screen.getByLabelText('偏低').className);
    expect(cellOf(table, 0).textContent).toBe('11-20');
    // Sugar always with one decimal: 15 shows as 15.0.
    expect(cellOf(table, 1).textContent).toBe('7.5');
    expect(cellOf(table, 8).textContent).toBe('15.0');
    // Fasting 7.5 is above its 7.0 high: red; after breakfast 8.2 is normal (high 10.0) and holds three readings.
    expect(cellOf(table, 1).dataset.colour).toBe(CELL_COLOURS.red);
    expect(cellOf(table, 2).dataset.colour).toBe(CELL_COLOURS.green);
    expect(within(cellOf(table, 2)).getByLabelText('3次测量')).toBeTruthy();
    expect(cellOf(table, 3).dataset.colour).toBe(CELL_COLOURS.yellow);
    expect(cellOf(table, 4).textContent).toBe('');
    expect(cellOf(table, 4).dataset.colour).toBeUndefined();
    expect(cellOf(table, 7).dataset.colour).toBe(CELL_COLOURS.yellow);
    expect(cellOf(table, 8).dataset.colour).toBe(CELL_COLOURS.red);
    expect(api.called('GET /sugarTestReport/v1/queryLog')[0]?.query.get('dateType')).toBe('1');

    fireEvent.click(screen.getByText('近90天'));
    await waitFor(() => expect(api.called('GET /sugarTestReport/v1/queryLog').at(-1)?.query.get('dateType')).toBe('3'));
  });

  it('opens a day in a pop-up with an edit link for hand-recorded readings only', async () => {
    const api = fakeApi(sugarRoutes);
    renderApp('/reportCenter/reportCenter');
    fireEvent.click(await screen.findByRole('button', { name: '查看2026-11-20的血糖' }));
    const dialog = await screen.findByRole('dialog', { name: '2026-11-20的血糖记录' });
    await within(dialog).findByText('6.1');
    expect(api.called('GET /sugarTest/v1/queryDayData')[0]?.query.get('dateTime')).toBe('2026-11-20');
    expect(within(dialog).getByRole('link', { name: '编辑07:30的血糖' }).getAttribute('href')).toBe(
      '/reportCenter/bloodSugar/addBloodSugarReport/t1',
    );
    expect(within(dialog).queryByRole('link', { name: '编辑09:10的血糖' })).toBeNull();
    expect(within(dialog).getByText('设备测量')).toBeTruthy();
    // The owner opens a meter's reading read-only.
    expect(within(dialog).getByRole('link', { name: '查看09:10的设备测量血糖' }).getAttribute('href')).toBe(
      '/reportCenter/bloodSugar/addBloodSugarReport/t2?type=device',
    );
  });
});

describe('add or edit a sugar reading', () => {
  it('clamps the value on leaving the field with the spec toasts', async () => {
    fakeApi(sugarRoutes);
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/add');
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: '血糖值' });
    fireEvent.change(field, { target: { value: '40' } });
    fireEvent.blur(field);
    expect(await screen.findByText('血糖不能高于33.3')).toBeTruthy();
    expect(field.value).toBe('33.3');
    fireEvent.change(field, { target: { value: '0.1' } });
    fireEvent.blur(field);
    expect(await screen.findByText('血糖不能低于0.3')).toBeTruthy();
    expect(field.value).toBe('0.3');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('血糖值不能为空')).toBeTruthy();
  });

  it.each([
    ['99', '血糖不能高于33.3', 33.3],
    ['0', '血糖不能低于0.3', 0.3],
  ])(
    'keeps the clamp message of %s in view and saves the clamped value only once confirmed',
    async (typed, message, stored) => {
      const api = fakeApi({
        ...sugarRoutes,
        'POST /sugarTest/v1/add': () => ({
          testId: 't9',
          duplicate: false,
          editcount: 0,
          medal: 'bronze',
          percentage: 0,
        }),
      });
      const { router } = renderApp('/');
      await act(() => router.navigate('/reportCenter/bloodSugar/addBloodSugarReport/add'));
      const field = await screen.findByRole<HTMLInputElement>('textbox', { name: '血糖值' });
      fireEvent.change(field, { target: { value: typed } });
      // Saving straight away, without leaving the field first.
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain(`${message}，将按${stored} mmol/L保存。确定保存吗？`);
      expect(screen.getByRole('alert').textContent).toBe(`${message}，请核对`);
      expect(field.value).toBe(String(stored));
      fireEvent.click(within(dialog).getByText('重新输入'));
      // The answer counts, not the closing animation: on a loaded machine jsdom's animation frames
      // can leave the answered dialog in the page for seconds, so nothing below waits for it to go.
      await act(() => Promise.resolve());
      expect(api.called('POST /sugarTest/v1/add')).toHaveLength(0);
      expect(router.state.location.pathname).toBe('/reportCenter/bloodSugar/addBloodSugarReport/add');
      // Still in view after the dialog; confirming saves the clamped value.
      expect(screen.getByRole('alert').textContent).toContain(message);
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
      const again = await waitFor(() => {
        const asked = screen.getAllByRole('dialog').filter((open) => open !== dialog);
        expect(asked).toHaveLength(1);
        return asked[0]!;
      });
      expect(again.textContent).toContain('确定保存吗？');
      fireEvent.click(within(again).getByText('确定保存'));
      await waitFor(() => expect(api.called('POST /sugarTest/v1/add')[0]?.body).toMatchObject({ sugar: stored }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(api.called('POST /sugarTest/v1/add')).toHaveLength(1);
    },
  );

  it('drops the clamp message once the value is typed again, and saves an ordinary value without asking', async () => {
    const api = fakeApi({
      ...sugarRoutes,
      'POST /sugarTest/v1/add': () => ({
        testId: 't9',
        duplicate: false,
        editcount: 0,
        medal: 'bronze',
        percentage: 100,
      }),
    });
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/add');
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: '血糖值' });
    fireEvent.change(field, { target: { value: '99' } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toContain('血糖不能高于33.3');
    fireEvent.change(field, { target: { value: '6.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.called('POST /sugarTest/v1/add')[0]?.body).toMatchObject({ sugar: 6.5 }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves a reading with a remark and tag, shows the medal dialog for 3 s, then goes back', async () => {
    const api = fakeApi({
      ...sugarRoutes,
      'POST /sugarTest/v1/add': () => ({
        testId: 't9',
        duplicate: false,
        editcount: 20,
        medal: 'silver',
        percentage: 75,
      }),
    });
    const { router } = renderApp('/');
    await act(() => router.navigate('/reportCenter/bloodSugar/addBloodSugarReport/add'));
    const field = await screen.findByRole('textbox', { name: '血糖值' });
    fireEvent.change(field, { target: { value: '6.3' } });
    fireEvent.blur(field);
    fireEvent.click(within(screen.getByRole('group', { name: '饮食' })).getByText('七分饱'));
    fireEvent.change(screen.getByPlaceholderText('添加备注（选填）'), { target: { value: '早餐后散步' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.called('POST /sugarTest/v1/add')).toHaveLength(1));
    expect(await screen.findByText('恭喜获得银牌！')).toBeTruthy();
    expect(screen.getByText('本月已记录 20 次备注，血糖达标率 75%')).toBeTruthy();
    expect(screen.getByText('再记录 12 次备注可获得金牌')).toBeTruthy();
    const body = api.called('POST /sugarTest/v1/add')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ sugar: 6.3, remark: '早餐后散步', tags: [{ typeCode: 'diet', itemKey: '2' }] });
    expect(body.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(router.state.location.pathname).toBe('/reportCenter/bloodSugar/addBloodSugarReport/add');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: MEDAL_DIALOG_MS + 1500 });
  }, 10_000);

  it('goes back at once without a remark or tag', async () => {
    fakeApi({
      ...sugarRoutes,
      'POST /sugarTest/v1/add': () => ({
        testId: 't9',
        duplicate: false,
        editcount: 0,
        medal: 'bronze',
        percentage: 100,
      }),
    });
    const { router } = renderApp('/');
    await act(() => router.navigate('/reportCenter/bloodSugar/addBloodSugarReport/add'));
    fireEvent.change(await screen.findByRole('textbox', { name: '血糖值' }), { target: { value: '5.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText(/恭喜获得/)).toBeNull();
  });

  it('shows a meter reading read-only', async () => {
    fakeApi({
      ...sugarRoutes,
      'GET /sugarTest/v1/getById': () => ({
        existsFlag: true,
        sugarTestVo: reading({ deviceImei: '86000000000000000001' }),
        reminder: '血糖在目标范围内',
      }),
    });
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/t1');
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: '血糖值' });
    expect(field.value).toBe('6.1');
    expect(field.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('血糖在目标范围内');
  });

  it('shows a reading opened from a friend’s view (?canEdit=false) read-only', async () => {
    fakeApi({
      ...sugarRoutes,
      'GET /sugarTest/v1/getById': () => ({ existsFlag: true, sugarTestVo: reading(), reminder: null }),
    });
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/t1?canEdit=false');
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: '血糖值' })).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it.each([
    ['existsFlag false', () => ({ existsFlag: false, sugarTestVo: null, reminder: null })],
    [
      '40400',
      () => {
        throw apiFailure(40400, '该数据已被删除', 404);
      },
    ],
  ])('shows the deleted page for %s, with a button to the list', async (_, getById) => {
    fakeApi({ ...sugarRoutes, 'GET /sugarTest/v1/getById': getById });
    const { router } = renderApp('/reportCenter/bloodSugar/addBloodSugarReport/gone');
    expect(await screen.findByText('数据已被删除')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回数据列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reportCenter/reportCenter'));
  });

  const friend = (customerId: string, customerNote: string, auditStatus: 0 | 1) => ({
    id: customerId,
    customerId,
    customerNote,
    nickname: customerNote,
    customerHeadimgurl: '',
    sex: 1 as const,
    isReceive: 1 as const,
    auditStatus,
  });

  it('asks before recording for someone else, then says the follow list is empty', async () => {
    // A request still waiting for the patient does not count: only people who granted it may be chosen.
    const server = fakeApi({
      ...sugarRoutes,
      'GET /follower/v1/queryIFocus': () => ({ items: [friend('p2', '妈妈', 0)], currentPage: 1, totalPage: 1 }),
    });
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/add');
    fireEvent.click(await screen.findByText('亲友'));
    expect(await screen.findByText('为亲友记录时，当前填写的数据将不会保存，确定切换吗？')).toBeTruthy();
    fireEvent.click(screen.getByText('确定'));
    expect(await screen.findByText('亲友列表为空，请先添加亲友')).toBeTruthy();
    expect(server.called('GET /follower/v1/queryIFocus')[0]?.query.get('pageSize')).toBe('100');
    expect(screen.queryByLabelText('记录对象姓名')).toBeNull();
  });

  it('records for a chosen relative with followerId and testType 2, clearing what was filled in, then confirms whose data it saved and opens their report', async () => {
    const server = fakeApi({
      ...sugarRoutes,
      'GET /follower/v1/queryIFocus': () => ({
        items: [friend('p1', '爸爸', 1), friend('p2', '妈妈', 0)],
        currentPage: 1,
        totalPage: 1,
      }),
      'POST /sugarTest/v1/add': () => ({
        testId: 't9',
        duplicate: false,
        editcount: 1,
        medal: 'bronze',
        percentage: 100,
      }),
    });
    const { router } = renderApp('/reportCenter/bloodSugar/addBloodSugarReport/add');
    const value = await screen.findByLabelText('血糖值');
    fireEvent.change(value, { target: { value: '9.1' } });
    fireEvent.click(screen.getByText('亲友'));
    // The newest confirmation's own 确定: antd-mobile's imperative dialogs live outside the rendered
    // tree, so one left by an earlier test may still be in the document, and pickers share the label.
    const confirmation = (await screen.findAllByText(OTHER_PERSON_CONFIRM))
      .at(-1)
      ?.closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(confirmation).getByText('确定'));
    expect(await screen.findByText('选择为哪位亲友记录')).toBeTruthy();
    expect(screen.queryByText('妈妈')).toBeNull();
    fireEvent.click(screen.getByText('爸爸'));
    expect((await screen.findByLabelText('记录对象姓名')).textContent).toBe('爸爸');
    expect(screen.getByLabelText<HTMLInputElement>('血糖值').value).toBe('');
    fireEvent.change(screen.getByLabelText('血糖值'), { target: { value: '25' } });
    fireEvent.blur(screen.getByLabelText('血糖值'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.called('POST /sugarTest/v1/add')).toHaveLength(1));
    expect(server.called('POST /sugarTest/v1/add')[0]?.body).toMatchObject({
      sugar: 25,
      followerId: 'p1',
      testType: '2',
    });
    // No medal for someone else's reading: the page says whose data it saved and opens their report.
    expect(await screen.findByText('已为「爸爸」保存')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/friend/friendReportList'));
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ id: 'p1', name: '爸爸' }).toString()}`);
    expect(screen.queryByRole('dialog', { name: '获得勋章' })).toBeNull();
  });
});

describe('blood pressure', () => {
  const record = (bpId: string, color: 1 | 2 | 3, sbp: number) => ({
    bpId,
    customerId: 'c1',
    sbp,
    dbp: 80,
    hr: 70,
    remark: '',
    createTime: '2026-11-20 08:00:00',
    color,
    testType: '1' as const,
    deviceImei: null,
    synckey: null,
  });

  it('colours the list by the record colour', async () => {
    sessionStorage.setItem(REPORT_CENTER_TAB_KEY, 'pressure');
    fakeApi({
      'GET /bloodPressureTest/v1/pageQueryList': () => ({
        items: [record('b1', 1, 85), record('b2', 2, 118), record('b3', 3, 165)],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    renderApp('/reportCenter/reportCenter');
    const colourOf = async (sbp: number) => (await screen.findByText(String(sbp))).dataset.colour;
    expect(await colourOf(85)).toBe(CELL_COLOURS.yellow);
    expect(await colourOf(118)).toBe(CELL_COLOURS.green);
    expect(await colourOf(165)).toBe(CELL_COLOURS.red);
  });

  it('checks the entry with the domain messages and shows the gauge level', async () => {
    const api = fakeApi({
      'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => [
        { sort: 1, name: '低血压', sbpMin: 0, sbpMax: 89, dbpMin: 0, dbpMax: 59 },
        { sort: 2, name: '正常', sbpMin: 90, sbpMax: 139, dbpMin: 60, dbpMax: 89 },
        { sort: 4, name: '高血压', sbpMin: 140, sbpMax: 250, dbpMin: 90, dbpMax: 250 },
      ],
      'POST /bloodPressureTest/v1/add': () => ({ bpId: 'b9', duplicate: false, color: 3 }),
    });
    renderApp('/reportCenter/bloodPressure/addBloodPressureReport/add');
    const sbp = await screen.findByRole('textbox', { name: '收缩压(高压)' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写收缩压')).toBeTruthy();
    fireEvent.change(sbp, { target: { value: '0' } });
    fireEvent.blur(sbp);
    expect(await screen.findByText('请填写正整数')).toBeTruthy();
    fireEvent.change(sbp, { target: { value: '150' } });
    fireEvent.change(screen.getByRole('textbox', { name: '舒张压(低压)' }), { target: { value: '85' } });
    fireEvent.change(screen.getByRole('textbox', { name: '心率' }), { target: { value: '72' } });
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: '血压水平' }).getAttribute('aria-valuenow')).toBe('90'),
    );
    expect(screen.getByRole('meter', { name: '血压水平' }).textContent).toBe('偏高');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.called('POST /bloodPressureTest/v1/add')[0]?.body).toMatchObject({
        sbp: 150,
        dbp: 85,
        hr: 72,
        remark: '',
      }),
    );
  });

  it('labels the three fields with their units and refuses a systolic value not above the diastolic one', async () => {
    const api = fakeApi({
      'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => [
        { sort: 2, name: '正常', sbpMin: 0, sbpMax: 250, dbpMin: 0, dbpMax: 250 },
      ],
      'POST /bloodPressureTest/v1/add': () => ({ bpId: 'b9', duplicate: false, color: 3 }),
    });
    renderApp('/reportCenter/bloodPressure/addBloodPressureReport/add');
    const sbp = await screen.findByLabelText('收缩压(高压)');
    for (const label of ['收缩压(高压)', '舒张压(低压)', '心率']) {
      expect(screen.getByText(label).tagName).toBe('LABEL');
    }
    expect(screen.getAllByText('mmHg')).toHaveLength(2);
    expect(screen.getByText('次/分')).toBeTruthy();
    expect(screen.queryByText('PM')).toBeNull();
    fireEvent.change(sbp, { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('舒张压(低压)'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('心率'), { target: { value: '72' } });
    expect(screen.getByRole('alert').textContent).toBe('收缩压(高压)应高于舒张压(低压)，请检查是否填反');
    expect(screen.getByRole('meter', { name: '血压水平' }).getAttribute('aria-valuenow')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // The save's toast beside the message in view.
    await waitFor(() => expect(screen.getAllByText('收缩压(高压)应高于舒张压(低压)，请检查是否填反')).toHaveLength(2));
    expect(api.called('POST /bloodPressureTest/v1/add')).toHaveLength(0);
    fireEvent.change(sbp, { target: { value: '130' } });
    fireEvent.change(screen.getByLabelText('舒张压(低压)'), { target: { value: '85' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.called('POST /bloodPressureTest/v1/add')[0]?.body).toMatchObject({ sbp: 130, dbp: 85, hr: 72 }),
    );
  });

  it('shows a device-measured pressure reading read-only', async () => {
    fakeApi({
      'GET /bloodPressureTest/v1/getById': () => ({
        existsFlag: true,
        bloodPressureVo: { ...record('b1', 2, 118), deviceImei: '86000000000000000001' },
        reminder: null,
      }),
      'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => [],
    });
    renderApp('/reportCenter/bloodPressure/addBloodPressureReport/b1');
    const sbp = await screen.findByRole<HTMLInputElement>('textbox', { name: '收缩压(高压)' });
    expect(sbp.value).toBe('118');
    expect(sbp.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('shows the deleted page for a record that is gone', async () => {
    fakeApi({
      'GET /bloodPressureTest/v1/getById': () => ({ existsFlag: false, bloodPressureVo: null, reminder: null }),
      'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => [],
    });
    renderApp('/reportCenter/bloodPressure/addBloodPressureReport/b1');
    expect(await screen.findByText('数据已被删除')).toBeTruthy();
  });
});
