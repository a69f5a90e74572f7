import { RX_MESSAGES, RX_UNDER_REVIEW_MESSAGE } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

const RX = '7c1e3f0a-5b2d-4e8f-9a1b-2c3d4e5f6a7b';
const ADVICE = '8d2f4a1b-6c3e-4f9a-8b2c-3d4e5f6a7b8c';
const SESSION = '5a40b2a5-a780-4374-842f-1a3d8a51b089';

const doctor: Schema<'RxDoctorVo'> = {
  doctorId: 9,
  userName: '王明远',
  professionalLevel: '主任医师',
  organizationName: '首都医科大学附属北京同仁医院内分泌代谢中心',
  department: '内分泌科',
  headImgUrl: '',
};

const item = (over: Partial<Schema<'RxListItem'>> = {}): Schema<'RxListItem'> => ({
  infoId: RX,
  type: 1,
  userId: 9,
  userName: '王明远',
  headImgUrl: '',
  professionalLevel: '主任医师',
  organizationName: '北京同仁医院',
  department: '内分泌科',
  createTime: '2026-11-26 10:00:00',
  customerShowStatus: 2,
  summary: '2型糖尿病，继续二甲双胍',
  sessionId: SESSION,
  ...over,
});

const medicine: Schema<'RxMedicineVo'> = {
  medicineId: 3,
  medicineName: '盐酸二甲双胍片',
  specification: '0.5g×20片',
  packingUnit: '盒',
  dosageUnit: '片',
  number: 2,
  dosage: '1',
  usaged: '1',
  usagedName: '口服',
  rate: '2',
  rateName: '每日两次',
  time: 7,
  timeUnit: 0,
};

const detail = (status: 2 | 4 | 5, over: Partial<Schema<'RxDetail'>> = {}): Schema<'RxDetail'> => ({
  rxInfo: {
    infoId: RX,
    rxCode: 'RX20261126000123',
    patientNo: 'P1A2B3C4D5E',
    rxCategory: '1',
    rxCategoryName: '处方药',
    status,
    customerShowStatus: status,
    createTime: '2026-11-26 10:00:00',
    auditTime: '2026-11-26 11:00:00',
    expireTime: '2026-11-29 11:00:00',
    auditReason: null,
    sessionId: SESSION,
  },
  customer: { name: '张建国', sex: 1, age: 62 },
  user: doctor,
  rxContent: { content: '2型糖尿病，空腹血糖控制欠佳。' },
  rxMedicineRelationship: status === 4 ? [medicine] : [],
  medicineCount: 1,
  rxSealExtend: status === 2 ? { type: 1, image: 'data:image/png;base64,AAAA', code: `GGRX:${RX}.sig` } : null,
  ...over,
});

const page = (items: Schema<'RxListItem'>[]) => ({ items, currentPage: 1, totalPage: 1, totalNum: items.length });

describe('/myRecipe/recipeList', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('lists prescriptions in pages of 5, filters by 未使用 / 已使用 / 已过期, and shows only the toast under review', async () => {
    const api = fakeApi({
      'GET /rx/v1/pagedQueryList': (call) =>
        call.query.get('customerShowStatus') === '4'
          ? page([item({ customerShowStatus: 4 })])
          : page([item({ customerShowStatus: 1, infoId: 'a'.repeat(8) }), item()]),
    });
    const { router } = renderApp('/myRecipe/recipeList');
    const list = await screen.findByLabelText('处方记录');
    const cards = await within(list).findAllByRole('button');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('审核中');
    expect(cards[1]!.textContent).toContain('未使用');
    expect(api.called('GET /rx/v1/pagedQueryList')[0]?.query.get('pageSize')).toBe('5');
    expect(api.called('GET /rx/v1/pagedQueryList')[0]?.query.get('type')).toBe('1');

    fireEvent.click(cards[0]!);
    expect(await screen.findByText(RX_UNDER_REVIEW_MESSAGE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/myRecipe/recipeList');

    fireEvent.click(screen.getByRole('button', { name: '已使用' }));
    await waitFor(() =>
      expect(api.called('GET /rx/v1/pagedQueryList').at(-1)?.query.get('customerShowStatus')).toBe('4'),
    );
    const used = await within(await screen.findByLabelText('处方记录')).findAllByRole('button');
    expect(used[0]!.textContent).toContain('已使用');
    fireEvent.click(used[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/myRecipe/recipeDetail'));
    expect(router.state.location.search).toBe(`?recipeId=${RX}`);
  });

  it('lists advice on its tab, opening /proposal, and /prescription uses pages of 10', async () => {
    const api = fakeApi({
      'GET /rx/v1/pagedQueryList': () => page([item({ type: 2, infoId: ADVICE, customerShowStatus: null })]),
    });
    const { router } = renderApp('/prescription?tab=advice');
    const list = await screen.findByLabelText('用药建议');
    const card = await within(list).findByRole('button');
    expect(api.called('GET /rx/v1/pagedQueryList')[0]?.query.get('pageSize')).toBe('10');
    expect(api.called('GET /rx/v1/pagedQueryList')[0]?.query.get('type')).toBe('2');
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/proposal'));
  });
});

describe('/myRecipe/recipeDetail', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('shows the QR seal while unused and the purchase tip instead of the drug list', async () => {
    fakeApi({ 'GET /rx/v1/queryById': () => detail(2) });
    renderApp(`/myRecipe/recipeDetail?recipeId=${RX}`);
    const qr = await screen.findByAltText('处方二维码');
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText(/凭处方二维码到药店购药后/).textContent).toContain(RX_MESSAGES.purchaseNeeded);
    expect(screen.queryByLabelText('处方药品')).toBeNull();
    expect(screen.queryByRole('button', { name: '复诊续方' })).toBeNull();
  });

  it('shows the drug list once used and asks the diabetes question before a re-visit', async () => {
    fakeApi({ 'GET /rx/v1/queryById': () => detail(4) });
    const { router } = renderApp(`/myRecipe/recipeDetail?recipeId=${RX}`);
    const drugs = await screen.findByLabelText('处方药品');
    expect(drugs.textContent).toContain('盐酸二甲双胍片');
    expect(drugs.textContent).toContain('口服 · 每日两次 · 每次1片 · 服用7天');
    expect(screen.queryByAltText('处方二维码')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '复诊续方' }));
    expect(await screen.findByText(RX_MESSAGES.revisitQuestion)).toBeTruthy();
    fireEvent.click(screen.getByText('是，去复诊'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/doctorDetail'));
    expect(router.state.location.search).toBe('?doctorId=9');
  });

  it('shows a rejected prescription with the pharmacist’s reason, without seal or drug list', async () => {
    const rejected = detail(2);
    fakeApi({
      'GET /rx/v1/queryById': () => ({
        ...rejected,
        rxInfo: { ...rejected.rxInfo, status: 3, customerShowStatus: 3, auditReason: '剂量偏大，请医生核实' },
        rxSealExtend: null,
      }),
    });
    renderApp(`/myRecipe/recipeDetail?recipeId=${RX}`);
    expect(await screen.findByText('剂量偏大，请医生核实')).toBeTruthy();
    expect(screen.getByText('未通过')).toBeTruthy();
    expect(screen.queryByAltText('处方二维码')).toBeNull();
    expect(screen.queryByRole('button', { name: '复诊续方' })).toBeNull();
  });

  it('shows the server’s message when the prescription cannot be read', async () => {
    fakeApi({
      'GET /rx/v1/queryById': () => {
        throw apiFailure(40400, '处方不存在', 404);
      },
    });
    renderApp(`/myRecipe/recipeDetail?recipeId=${RX}`);
    expect(await screen.findByText('处方不存在')).toBeTruthy();
  });
});

describe('/proposal and /adviceAndSuggestions', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  const advice: Schema<'RxAdviceVo'> = {
    infoId: ADVICE,
    consultId: '1b2c3d4e-0000-4000-8000-000000000001',
    sessionId: SESSION,
    content: '饭后散步30分钟，晚餐减少主食。',
    createTime: '2026-11-26 12:00:00',
    doctor,
    medicines: [medicine, { ...medicine, medicineId: 5, medicineName: '阿卡波糖片' }],
  };

  it('shows the advice, its medicines, the doctor and the time, and 去买药 carries the medicines', async () => {
    fakeApi({ 'GET /rx/v1/queryAdviceById': () => advice });
    renderApp(`/proposal?infoId=${ADVICE}`);
    expect(await screen.findByText(advice.content)).toBeTruthy();
    expect(screen.getByLabelText('建议药品').textContent).toContain('阿卡波糖片');
    expect(screen.getByText('发送时间 2026-11-26 12:00:00')).toBeTruthy();
    expect(screen.getByText('王明远')).toBeTruthy();
    const buy = screen.getByRole('link', { name: '去买药' });
    expect(buy.getAttribute('href')).toBe(`/drugMain?infoId=${ADVICE}&medicineIds=3,5`);
  });

  it('lists the consultation’s advice, each opening /proposal', async () => {
    fakeApi({ 'GET /rx/v1/queryAdviceBySession': () => [advice] });
    renderApp(`/adviceAndSuggestions?sessionId=${SESSION}`);
    const list = await screen.findByLabelText('用药建议');
    const link = within(list).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/proposal?infoId=${ADVICE}`);
    expect(link.textContent).toContain('盐酸二甲双胍片、阿卡波糖片');
  });

  it('shows the diagnosis plan text', async () => {
    fakeApi({
      'GET /rx/v1/queryDiagnosisPlan': () => ({
        id: RX,
        type: 1,
        title: '诊断及处理意见',
        content: '2型糖尿病，空腹血糖控制欠佳。',
        doctorName: '王明远',
        createTime: '2026-11-26 10:00:00',
      }),
    });
    renderApp(`/diagnosisPlan/diagnosisPlan?id=${RX}&type=1`);
    expect(await screen.findByRole('heading', { name: '诊断及处理意见' })).toBeTruthy();
    expect(screen.getByText('王明远 · 2026-11-26 10:00:00')).toBeTruthy();
  });
});
