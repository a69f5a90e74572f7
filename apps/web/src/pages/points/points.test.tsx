import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

afterEach(() => {
  act(() => Toast.clear());
});

const task = (over: Record<string, unknown>) => ({
  settingCode: 'SIGN_IN',
  settingName: '每日签到',
  taskType: 1,
  onceScore: 1,
  dailyCap: null,
  description: '每天签到得1积分',
  complete: 0,
  claimable: false,
  earned: 0,
  kind: 'action',
  imgUrl: '',
  url: '/signIn',
  ...over,
});

const rule = {
  rules: ['规则一'],
  tasks: ['甲', '乙', '丙', '丁', '戊', '己'].map((name, i) => ({
    settingCode: `T${i}`,
    settingName: name,
    taskType: 1,
    onceScore: i + 1,
    dailyCap: null,
    description: `${name}的说明`,
  })),
};

describe('points home (/integral)', () => {
  it('shows the balance, the first 5 task rules, the ledger and the ranking link for the medical brand', async () => {
    const api = fakeApi({
      'GET /sign/v1/getSignScore': () => ({ score: 42, monthScore: 7 }),
      'GET /customer/v1/getScoreRule': () => rule,
      'GET /customer/v1/scoreDetail': () => ({
        items: [{ actionName: '每日签到', score: 1, createTime: '2026-11-20 10:00:00' }],
        currentPage: 1,
        totalPage: 1,
        total: 1,
      }),
    });
    renderApp('/integral');
    expect(await within(await screen.findByLabelText('我的积分')).findByText('42')).toBeTruthy();
    expect(within(screen.getByLabelText('本月积分')).getByText('7')).toBeTruthy();
    const rules = screen.getByRole('region', { name: '任务规则' });
    await within(rules).findByText('甲');
    expect(within(rules).queryByText('己')).toBeNull();
    expect(within(rules).getAllByRole('listitem')).toHaveLength(5);
    const ledger = screen.getByRole('region', { name: '积分明细' });
    expect(await within(ledger).findByText('每日签到')).toBeTruthy();
    expect(within(ledger).getByText('+1')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '积分入口' });
    expect(within(nav).getByRole('link', { name: '排行榜' }).getAttribute('href')).toBe('/rankPage');
    expect(within(nav).getByRole('link', { name: '积分商城' }).getAttribute('href')).toBe('/mall/goodsList');
    await waitFor(() => expect(api.called('GET /customer/v1/scoreDetail')[0]?.query.get('pageSize')).toBe('10'));
  });

  it('hides the ranking link for the health brand', async () => {
    useSession.setState({ sourceId: 3 });
    fakeApi({
      'GET /sign/v1/getSignScore': () => ({ score: 0, monthScore: 0 }),
      'GET /customer/v1/getScoreRule': () => rule,
      'GET /customer/v1/scoreDetail': () => ({ items: [], currentPage: 1, totalPage: 0, total: 0 }),
    });
    renderApp('/integral');
    const nav = await screen.findByRole('navigation', { name: '积分入口' });
    expect(within(nav).queryByRole('link', { name: '排行榜' })).toBeNull();
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});

describe('tasks (/integralTask)', () => {
  it('groups tasks under 每天获取 and 固定获取, claims a ready task once and shows 已领取 afterwards', async () => {
    let claimed = false;
    const api = fakeApi({
      'GET /customer/v1/getDayTask': () => [
        task({}),
        task({ settingCode: 'SUGAR_TEST', settingName: '测量血糖', dailyCap: 3, earned: 3, complete: 1 }),
        task({
          settingCode: 'FIRST_SUGAR_TEST',
          settingName: '首次记录血糖',
          taskType: 2,
          onceScore: 5,
          kind: 'claim',
          claimable: !claimed,
          complete: claimed ? 1 : 0,
          earned: claimed ? 5 : 0,
        }),
      ],
      'POST /customer/v1/claimTask': () => {
        claimed = true;
        return { paid: 5, duplicate: false, score: 5, monthScore: 5 };
      },
    });
    renderApp('/integralTask');
    const daily = await screen.findByRole('region', { name: '每天获取' });
    const sugar = await within(daily).findByRole('listitem', { name: '测量血糖' });
    expect(within(sugar).getByRole('button', { name: '已领取' })).toBeTruthy();
    expect(within(sugar).getByText('今日已得3/3积分')).toBeTruthy();
    const fixed = screen.getByRole('region', { name: '固定获取' });
    const first = within(fixed).getByRole('listitem', { name: '首次记录血糖' });
    const button = within(first).getByRole('button', { name: '领取' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('领取成功，获得5积分')).toBeTruthy();
    await within(first).findByRole('button', { name: '已领取' });
    expect(api.called('POST /customer/v1/claimTask')).toHaveLength(1);
    expect(api.called('POST /customer/v1/claimTask')[0]?.body).toEqual({ settingCode: 'FIRST_SUGAR_TEST' });
  });

  it('leads an open action task to where it is done', async () => {
    fakeApi({ 'GET /customer/v1/getDayTask': () => [task({})] });
    const { router } = renderApp('/integralTask');
    const row = await screen.findByRole('listitem', { name: '每日签到' });
    fireEvent.click(within(row).getByRole('button', { name: '领取' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
  });
});

describe('ranking (/rankPage)', () => {
  const ranking = {
    monthScore: 12,
    monthRank: 4,
    totalScore: 30,
    totalRank: null,
    monthObtainRank: Array.from({ length: 22 }, (_, i) => ({
      rank: i + 1,
      userName: `用*${i}`,
      avatar: '',
      sex: 1,
      score: 100 - i,
    })),
    totalObtainRank: [{ rank: 1, userName: '王*', avatar: '', sex: 2, score: 99 }],
  };

  it('shows medals for 1–3, numbers to 20, a plain style beyond, own place per tab and the rule link', async () => {
    fakeApi({ 'GET /customer/v1/scoreRanking': () => ranking });
    renderApp('/rankPage');
    await screen.findByText('用*0');
    expect(screen.getByRole('img', { name: '第1名' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '第3名' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: '第4名' })).toBeNull();
    expect(screen.getByLabelText('第20名').textContent).toBe('20');
    expect(screen.getByLabelText('第21名').style.borderRadius).toBe('');
    expect(within(screen.getByLabelText('我的排名')).getByText('4')).toBeTruthy();
    expect(screen.getByRole('link', { name: '排行榜规则' }).getAttribute('href')).toBe('/rankRule');
    fireEvent.click(screen.getByRole('tab', { name: '总分排行' }));
    await screen.findByText('王*');
    expect(within(screen.getByLabelText('我的排名')).getByText('未上榜')).toBeTruthy();
    expect(within(screen.getByLabelText('总积分')).getByText('30')).toBeTruthy();
  });

  it('is not offered by the health brand', async () => {
    useSession.setState({ sourceId: 3 });
    const api = fakeApi({ 'GET /customer/v1/scoreRanking': () => ranking });
    renderApp('/rankPage');
    expect(await screen.findByText('暂未开放排行榜')).toBeTruthy();
    expect(api.called('GET /customer/v1/scoreRanking')).toHaveLength(0);
  });
});

describe('rules pages', () => {
  it.each([
    ['/integralRule', '积分规则', '50积分抵1元'],
    ['/pointRule', '积分规则', '同一件事只奖励一次'],
    ['/rankRule', '排行榜规则', '积分相同的用户名次相同'],
  ])('%s shows %s', async (path, title, text) => {
    renderApp(path);
    const region = await screen.findByRole('region', { name: title });
    expect(within(region).getByText(new RegExp(text))).toBeTruthy();
  });
});
