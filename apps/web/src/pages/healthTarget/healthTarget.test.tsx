import { SUGAR_TIME_TYPES } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

type Slot = {
  timeType: number;
  name: string;
  code: string;
  startTime: string;
  endTime: string;
  minValue: number;
  lowValue: number;
  highValue: number;
  maxValue: number;
};

/** The seeded dictionary: every slot 3.0 / 4.4 / 10.0 / 13.9, fasting high at 7.0. */
function dictionary(): Slot[] {
  return SUGAR_TIME_TYPES.map((slot, index) => ({
    timeType: slot.timeType,
    name: slot.name,
    code: slot.code,
    startTime: `${String(index * 3).padStart(2, '0')}:00`,
    endTime: `${String(index * 3 + 3).padStart(2, '0')}:00`,
    minValue: 3.0,
    lowValue: 4.4,
    highValue: slot.timeType === 1 ? 7.0 : 10.0,
    maxValue: 13.9,
  }));
}

/** A fake server keeping the caller's targets over the dictionary, as the API does. */
function server() {
  const slots = dictionary();
  return fakeApi({
    'GET /customer/v1/querySugarDic': () => slots,
    'POST /customer/v1/saveSugarObjective': (call) => {
      for (const objective of (call.body as { sugarObjectives: Slot[] }).sugarObjectives) {
        Object.assign(slots.find((s) => s.timeType === objective.timeType) ?? {}, objective);
      }
      return slots;
    },
  });
}

const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('/healthTarget/healthTarget', () => {
  it('lists the eight time types with their thresholds and a 设置 action leading to the detail page', async () => {
    server();
    const { router } = renderApp('/healthTarget/healthTarget');
    expect(await screen.findByLabelText('空腹目标')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^设置/ })).toHaveLength(8);
    expect(screen.getByLabelText('空腹目标').textContent).toBe('正常 4.4~7.0，严重低于 3.0，严重高于 13.9');
    expect(screen.getByLabelText('凌晨目标').textContent).toBe('正常 4.4~10.0，严重低于 3.0，严重高于 13.9');

    fireEvent.click(screen.getByRole('button', { name: '设置早餐后' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthTarget/healthTargetDetail'));
    expect(new URLSearchParams(router.state.location.search).get('value')).toBe('早餐后');
    expect(new URLSearchParams(router.state.location.search).get('index')).toBe('2');
    expect(await screen.findByRole('textbox', { name: '高血糖值' })).toBeTruthy();
  });

  it('says so when the targets cannot be loaded', async () => {
    fakeApi({
      'GET /customer/v1/querySugarDic': () => {
        throw apiFailure(50000, '服务器开小差了', 500);
      },
    });
    renderApp('/healthTarget/healthTarget');
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    expect(screen.getByText('加载失败')).toBeTruthy();
  });
});

describe('/healthTarget/healthTargetDetail', () => {
  it('shows the slot’s four thresholds and saves new ones with 保存成功', async () => {
    const api = server();
    const { router } = renderApp('/healthTarget/healthTarget');
    fireEvent.click(await screen.findByRole('button', { name: '设置空腹' }));
    await screen.findByRole('textbox', { name: '严重低血糖值' });
    expect(
      ['严重低血糖值', '低血糖值', '高血糖值', '严重高血糖值'].map((label) => (field(label) as HTMLInputElement).value),
    ).toEqual(['3.0', '4.4', '7.0', '13.9']);
    expect(screen.getByText('空腹（mmol/L）')).toBeTruthy();

    // One decimal and digits only, as a sugar value is typed.
    fireEvent.change(field('高血糖值'), { target: { value: '8.25a' } });
    expect((field('高血糖值') as HTMLInputElement).value).toBe('8.2');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.called('POST /customer/v1/saveSugarObjective').map((c) => c.body)).toEqual([
      { sugarObjectives: [{ timeType: 1, minValue: 3, lowValue: 4.4, highValue: 8.2, maxValue: 13.9 }] },
    ]);
    // Back on the list, which shows the new target.
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthTarget/healthTarget'));
    await waitFor(() =>
      expect(screen.getByLabelText('空腹目标').textContent).toBe('正常 4.4~8.2，严重低于 3.0，严重高于 13.9'),
    );
  });

  it.each([
    ['高血糖值', '', '请填写血糖值'],
    ['低血糖值', '2.9', '低血糖值应大于严重低血糖值'],
    ['高血糖值', '4.4', '高血糖值应大于低血糖值'],
    ['严重高血糖值', '6', '严重高血糖值应大于高血糖值'],
    ['严重高血糖值', '33.3', '血糖值应小于33.3'],
  ])('refuses %s = %j with %s and saves nothing', async (label, value, message) => {
    const api = server();
    renderApp('/healthTarget/healthTargetDetail?value=%E7%A9%BA%E8%85%B9&index=1');
    await screen.findByRole('textbox', { name: label });
    fireEvent.change(field(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.called('POST /customer/v1/saveSugarObjective')).toHaveLength(0);
  });

  it('opened directly, goes to the list after saving; the server’s refusal is shown', async () => {
    let refuse = true;
    const slots = dictionary();
    fakeApi({
      'GET /customer/v1/querySugarDic': () => slots,
      'POST /customer/v1/saveSugarObjective': () => {
        if (refuse) {
          throw apiFailure(40000, '请选择正确的时间段');
        }
        return slots;
      },
    });
    const { router } = renderApp('/healthTarget/healthTargetDetail?value=%E5%87%8C%E6%99%A8&index=8');
    await screen.findByText('凌晨（mmol/L）');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择正确的时间段')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/healthTarget/healthTargetDetail');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthTarget/healthTarget'));
  });

  it.each(['0', '9', 'x'])('answers an index of %j with a way back to the list', async (index) => {
    server();
    const { router } = renderApp(`/healthTarget/healthTargetDetail?value=abc&index=${index}`);
    expect(await screen.findByText('未找到该时间段')).toBeTruthy();
    fireEvent.click(within(document.body).getByRole('button', { name: '返回血糖目标' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthTarget/healthTarget'));
  });
});
