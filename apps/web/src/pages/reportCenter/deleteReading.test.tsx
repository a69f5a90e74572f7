import { SUGAR_TIME_TYPES } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, dialogsClosed, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import KetoneView from './labs/KetoneView';
import UricAcidView from './labs/UricAcidView';

const CONFIRM = '确定删除此条记录吗?';

const DICTIONARY = SUGAR_TIME_TYPES.map((slot) => ({
  timeType: slot.timeType,
  name: slot.name,
  code: slot.code,
  startTime: '00:00',
  endTime: '23:59',
  minValue: 3,
  lowValue: 4.4,
  highValue: 10,
  maxValue: 13.9,
}));
const sugarReading = (overrides = {}) => ({
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
const bpReading = (overrides = {}) => ({
  bpId: 'b1',
  customerId: 'c1',
  sbp: 128,
  dbp: 82,
  hr: 70,
  remark: '',
  createTime: '2026-11-20 08:00:00',
  color: 2 as const,
  testType: '1' as const,
  deviceImei: null,
  synckey: null,
  ...overrides,
});

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(async () => {
  await dialogsClosed();
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

/** The showing confirmation (the newest: a closed one may linger in jsdom). */
async function confirmation(): Promise<HTMLElement> {
  return (await screen.findAllByText(CONFIRM)).at(-1)?.closest('[role="dialog"]') as HTMLElement;
}

describe('deleting a sugar reading on its edit page', () => {
  it('asks first; 取消 keeps it, 删除 deletes it, says 删除成功 and goes back', async () => {
    const api = fakeApi({
      'GET /customer/v1/querySugarDic': () => DICTIONARY,
      'GET /sugarTest/v1/getById': () => ({ existsFlag: true, sugarTestVo: sugarReading(), reminder: null }),
      'POST /sugarTest/v1/delete': () => ({ ok: true }),
    });
    const { router } = renderApp('/');
    await act(() => router.navigate('/reportCenter/bloodSugar/addBloodSugarReport/t1'));
    fireEvent.click(await screen.findByRole('button', { name: '删除此条记录' }));
    fireEvent.click(within(await confirmation()).getByText('取消'));
    await dialogsClosed();
    expect(api.called('POST /sugarTest/v1/delete')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/reportCenter/bloodSugar/addBloodSugarReport/t1');

    fireEvent.click(screen.getByRole('button', { name: '删除此条记录' }));
    fireEvent.click(within(await confirmation()).getByText('删除'));
    await waitFor(() => expect(api.called('POST /sugarTest/v1/delete').map((c) => c.body)).toEqual([{ testId: 't1' }]));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the deleted page when the reading was already gone', async () => {
    fakeApi({
      'GET /customer/v1/querySugarDic': () => DICTIONARY,
      'GET /sugarTest/v1/getById': () => ({ existsFlag: true, sugarTestVo: sugarReading(), reminder: null }),
      'POST /sugarTest/v1/delete': () => {
        throw apiFailure(40400, '该数据已被删除', 404);
      },
    });
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/t1');
    fireEvent.click(await screen.findByRole('button', { name: '删除此条记录' }));
    fireEvent.click(within(await confirmation()).getByText('删除'));
    expect(await screen.findByText('数据已被删除')).toBeTruthy();
  });

  it.each([
    ['a new reading', '/reportCenter/bloodSugar/addBloodSugarReport/add', sugarReading()],
    [
      'a meter’s reading',
      '/reportCenter/bloodSugar/addBloodSugarReport/t1',
      sugarReading({ deviceImei: '861234567890123' }),
    ],
    [
      'a reading opened from a friend’s view',
      '/reportCenter/bloodSugar/addBloodSugarReport/t1?canEdit=false',
      sugarReading(),
    ],
  ])('offers no delete for %s', async (_name, path, vo) => {
    fakeApi({
      'GET /customer/v1/querySugarDic': () => DICTIONARY,
      'GET /sugarTest/v1/getById': () => ({ existsFlag: true, sugarTestVo: vo, reminder: null }),
    });
    renderApp(path);
    await screen.findByRole('textbox', { name: '血糖值' });
    expect(screen.queryByRole('button', { name: '删除此条记录' })).toBeNull();
  });
});

describe('deleting a blood-pressure reading on its edit page', () => {
  it('asks first, then deletes it and goes back', async () => {
    const api = fakeApi({
      'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => [],
      'GET /bloodPressureTest/v1/getById': () => ({ existsFlag: true, bloodPressureVo: bpReading(), reminder: null }),
      'POST /bloodPressureTest/v1/delete': () => ({ ok: true }),
    });
    const { router } = renderApp('/');
    await act(() => router.navigate('/reportCenter/bloodPressure/addBloodPressureReport/b1'));
    fireEvent.click(await screen.findByRole('button', { name: '删除此条记录' }));
    fireEvent.click(within(await confirmation()).getByText('删除'));
    await waitFor(() =>
      expect(api.called('POST /bloodPressureTest/v1/delete').map((c) => c.body)).toEqual([{ bpId: 'b1' }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers no delete for a meter’s reading', async () => {
    fakeApi({
      'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => [],
      'GET /bloodPressureTest/v1/getById': () => ({
        existsFlag: true,
        bloodPressureVo: bpReading({ deviceImei: '861234567890124' }),
        reminder: null,
      }),
    });
    renderApp('/reportCenter/bloodPressure/addBloodPressureReport/b1');
    await screen.findByRole('textbox', { name: /^收缩压/ });
    expect(screen.queryByRole('button', { name: '删除此条记录' })).toBeNull();
  });
});

describe('deleting a ketone or uric-acid reading in its table', () => {
  it.each([
    [
      'ketone',
      '/ketoneTest/v1',
      '删除11-20 08:00的血酮记录',
      (items: string[]) => ({
        items: items.map((id) => ({ id, ketone: 0.4, remark: '', createTime: '2026-11-20 08:00:00', level: 'normal' })),
        currentPage: 1,
        totalPage: 1,
      }),
    ],
    [
      'uricAcid',
      '/urineTest/v1',
      '删除11-20 08:00的尿酸记录',
      (items: string[]) => ({
        items: items.map((id) => ({ id, urine: 380, remark: '', createTime: '2026-11-20 08:00:00', level: 'normal' })),
        currentPage: 1,
        totalPage: 1,
      }),
    ],
  ] as const)('%s: asks first, deletes the row’s reading and reloads the list', async (kind, base, label, page) => {
    let rows = ['r1'];
    const api = fakeApi({
      [`GET ${base}/pageQueryList`]: () => page(rows),
      [`POST ${base}/delete`]: () => {
        rows = [];
        return { ok: true };
      },
    });
    render(kind === 'ketone' ? <KetoneView view="table" /> : <UricAcidView view="table" />);
    const button = await screen.findByRole('button', { name: label });
    fireEvent.click(button);
    fireEvent.click(within(await confirmation()).getByText('取消'));
    await dialogsClosed();
    expect(api.called(`POST ${base}/delete`)).toHaveLength(0);
    fireEvent.click(button);
    fireEvent.click(within(await confirmation()).getByText('删除'));
    await waitFor(() => expect(api.called(`POST ${base}/delete`).map((c) => c.body)).toEqual([{ id: 'r1' }]));
    expect(await screen.findByText(kind === 'ketone' ? '暂无血酮数据' : '暂无尿酸数据')).toBeTruthy();
    expect(api.called(`GET ${base}/pageQueryList`).length).toBeGreaterThanOrEqual(2);
  });
});
