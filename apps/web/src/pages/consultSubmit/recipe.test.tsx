import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { useRecipeDraft } from './recipeDraft';
import { SESSION_ID, consultSession } from './testConsult';

const Q = `sessionId=${SESSION_ID}&doctorId=7&doctorName=${encodeURIComponent('周文华')}`;

const PATIENT = {
  patientName: null,
  idCard: null,
  sex: 0,
  birthday: null,
  national: null,
  nationalName: null,
  diabetesType: null,
  ensureDate: null,
  bloodPressureType: null,
  bloodPressureEnsureDate: null,
  phone: '13900000000',
  nameLocked: false,
  complete: false,
};

const DICTIONARIES: Record<string, { itemKey: string; itemValue: string }[]> = {
  nation: [
    { itemKey: '01', itemValue: '汉族' },
    { itemKey: '02', itemValue: '蒙古族' },
  ],
  allergic_history: [
    { itemKey: '1', itemValue: '无过敏史' },
    { itemKey: '2', itemValue: '不清楚' },
    { itemKey: '3', itemValue: '有过敏史，记不清过敏药物' },
    { itemKey: '4', itemValue: '青霉素类' },
    { itemKey: '5', itemValue: '其他（请填写详情）' },
    { itemKey: '6', itemValue: '头孢菌素类' },
  ],
};

const dictionaries = (call: { query: URLSearchParams }) =>
  Object.fromEntries((call.query.get('codes') ?? '').split(',').map((code) => [code, DICTIONARIES[code] ?? []]));

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  useRecipeDraft.getState().clear();
});

afterEach(() => {
  act(() => Toast.clear());
});

describe('/recipe/checkPatientInfo', () => {
  it.each([
    [1, '/recipe/discripIllness'],
    [0, '/recipe/fillInformation'],
  ])('with checkPatientInfo %i goes on to %s, keeping the consultation', async (answer, target) => {
    fakeApi({
      'GET /patient/v1/checkPatientInfo': () => answer,
      'GET /patient/v1/get': () => PATIENT,
      'GET /dictionary/v1/getByCodes': dictionaries,
    });
    const { router } = renderApp(`/recipe/checkPatientInfo?${Q}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(new URLSearchParams(router.state.location.search).get('sessionId')).toBe(SESSION_ID);
  });
});

describe('/recipe/fillInformation', () => {
  const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
  const next = () => fireEvent.click(screen.getByRole('button', { name: '下一步' }));

  it('requires every field, then a valid ID number, and saves before the illness description', async () => {
    const api = fakeApi({
      'GET /patient/v1/get': () => PATIENT,
      'GET /dictionary/v1/getByCodes': dictionaries,
      'POST /patient/v1/add': () => ({ ...PATIENT, complete: true }),
    });
    const { router } = renderApp(`/recipe/fillInformation?${Q}`);
    await screen.findByRole('textbox', { name: '姓名' });
    next();
    expect(await screen.findByText('所有选项均为必填项')).toBeTruthy();

    fireEvent.change(textbox('姓名'), { target: { value: '李秀兰' } });
    // 18 characters but a wrong check digit: nothing is filled in from it.
    fireEvent.change(textbox('身份证号'), { target: { value: '110105194912310021' } });
    fireEvent.click(within(screen.getByRole('group', { name: '性别' })).getByText('女'));
    fireEvent.click(screen.getByRole('button', { name: '出生日期' }));
    fireEvent.click(await screen.findByText('确定'));
    fireEvent.click(screen.getByRole('button', { name: '民族' }));
    await screen.findByText('蒙古族');
    const confirms = await screen.findAllByText('确定');
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement);
    act(() => Toast.clear());
    next();
    expect(await screen.findByText('请输入正确的身份证号')).toBeTruthy();
    expect(api.called('POST /patient/v1/add')).toHaveLength(0);

    // A valid number brings its birthday and sex.
    fireEvent.change(textbox('身份证号'), { target: { value: '11010519491231002x' } });
    expect(screen.getByText('1949-12-31')).toBeTruthy();
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipe/discripIllness'));
    expect(api.called('POST /patient/v1/add')[0]?.body).toEqual({
      patientName: '李秀兰',
      idCard: '11010519491231002X',
      sex: 2,
      birthday: '1949-12-31',
      national: '01',
    });
  });

  it('fills in what the health record holds, keeps a saved name read-only and shows a refusal', async () => {
    fakeApi({
      'GET /patient/v1/get': () => ({
        ...PATIENT,
        patientName: '王建国',
        idCard: '11010519491231002X',
        sex: 2,
        birthday: '1949-12-31',
        nameLocked: true,
      }),
      'GET /dictionary/v1/getByCodes': dictionaries,
      'POST /patient/v1/add': () => {
        throw apiFailure(40000, '请选择正确的民族');
      },
    });
    renderApp(`/recipe/fillInformation?${Q}`);
    await screen.findByRole('textbox', { name: '姓名' });
    expect(textbox('姓名').value).toBe('王建国');
    expect(textbox('姓名').readOnly).toBe(true);
    expect(textbox('身份证号').value).toBe('11010519491231002X');
    next();
    expect(await screen.findByText('所有选项均为必填项')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '民族' }));
    await screen.findByText('蒙古族');
    const confirms = await screen.findAllByText('确定');
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.getByRole('button', { name: '民族' }).textContent).toBe('汉族'));
    act(() => Toast.clear());
    next();
    expect(await screen.findByText('请选择正确的民族')).toBeTruthy();
  });
});

describe('/recipe/discripIllness', () => {
  it('requires the illness, stops it at 100 characters and keeps it for the next steps', async () => {
    const api = fakeApi({
      'POST /common/v1/uploadImage': () => ({ path: '272/2026/i1.jpg', url: '/api/files/272/2026/i1.jpg' }),
      'GET /dictionary/v1/getByCodes': dictionaries,
    });
    const { router } = renderApp(`/recipe/discripIllness?${Q}`);
    const text = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: /病情描述/ });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请输入病情描述')).toBeTruthy();
    fireEvent.change(text, { target: { value: '糖'.repeat(101) } });
    expect(await screen.findByText('病情描述最多输入100个字')).toBeTruthy();
    expect(text.value).toHaveLength(100);
    fireEvent.change(text, { target: { value: '2型糖尿病五年，二甲双胍快吃完了' } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['i'], 'i.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(api.called('POST /common/v1/uploadImage')).toHaveLength(1));
    expect(api.called('POST /common/v1/uploadImage')[0]?.body).toEqual({ data: btoa('i'), businessCode: 272 });
    await waitFor(() => expect(useRecipeDraft.getState().draft?.imgList).toEqual(['272/2026/i1.jpg']));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipe/allergicHistory'));
    expect(useRecipeDraft.getState().draft).toMatchObject({
      sessionId: SESSION_ID,
      desc: '2型糖尿病五年，二甲双胍快吃完了',
    });
  });
});

describe('/recipe/allergicHistory', () => {
  const option = (name: string) => screen.getByRole('button', { name });
  const pressed = () =>
    within(screen.getByRole('group', { name: '过敏史选项' }))
      .getAllByRole('button')
      .filter((button) => button.getAttribute('aria-pressed') === 'true')
      .map((button) => button.textContent);

  it('asks for a choice, keeps 1, 2, 3 and 5 exclusive, and needs the detail of 其他', async () => {
    fakeApi({ 'GET /dictionary/v1/getByCodes': dictionaries });
    const { router } = renderApp(`/recipe/allergicHistory?${Q}`);
    await screen.findByRole('group', { name: '过敏史选项' });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请选择过敏史')).toBeTruthy();

    fireEvent.click(option('青霉素类'));
    fireEvent.click(option('头孢菌素类'));
    expect(pressed()).toEqual(['青霉素类', '头孢菌素类']);
    fireEvent.click(option('无过敏史'));
    expect(pressed()).toEqual(['无过敏史']);
    fireEvent.click(option('青霉素类'));
    expect(pressed()).toEqual(['青霉素类']);

    expect(screen.queryByRole('textbox', { name: /详细过敏史/ })).toBeNull();
    fireEvent.click(option('其他（请填写详情）'));
    expect(pressed()).toEqual(['其他（请填写详情）']);
    act(() => Toast.clear());
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请输入详细过敏史')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /详细过敏史/ }), {
      target: { value: '对海鲜过敏，会起皮疹' },
    });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipe/chooseDrugStore'));
    expect(useRecipeDraft.getState().draft).toMatchObject({
      allergyOptions: [5],
      allergyDetail: '对海鲜过敏，会起皮疹',
    });
  });
});

describe('/recipe/chooseDrugStore', () => {
  const STORE = {
    storeId: 11,
    store: '益丰大药房（徐汇店）',
    address: '上海市徐汇区漕溪北路88号',
    phone: '021-64000000',
    storeImage: null,
    province: '310000',
    city: '310100',
    district: '310104',
    longitude: 121.43,
    latitude: 31.19,
    openStartTime: 8 * 3_600_000,
    openEndTime: 22 * 3_600_000,
    distance: 850,
  };

  it('sends illness, allergy and the chosen pharmacy in one saveDiagnosticInfo and opens the chat', async () => {
    useRecipeDraft.getState().update(SESSION_ID, {
      desc: '2型糖尿病五年，二甲双胍快吃完了',
      imgList: ['272/2026/i1.jpg'],
      allergyOptions: [1],
    });
    const api = fakeApi({
      'GET /customer/v1/getLocation': () => ({
        longitude: 121.43,
        latitude: 31.19,
        province: '310000',
        city: '310100',
        district: '310104',
      }),
      'GET /store/v1/queryStoreAddressByLocation': () => ({ items: [STORE], currentPage: 1, totalPage: 1 }),
      'POST /consult/v1/saveDiagnosticInfo': () => consultSession(3),
    });
    const { router } = renderApp(`/recipe/chooseDrugStore?${Q}`);
    await screen.findByText('益丰大药房（徐汇店）');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择药店')).toBeTruthy();
    expect(api.called('POST /consult/v1/saveDiagnosticInfo')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    expect(screen.getByText('已选择：益丰大药房（徐汇店）')).toBeTruthy();
    act(() => Toast.clear());
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/findDoctor/C2CChat'));
    expect(api.called('POST /consult/v1/saveDiagnosticInfo')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      diagnosticInfo: { desc: '2型糖尿病五年，二甲双胍快吃完了', imgList: ['272/2026/i1.jpg'] },
      allergicHistory: { items: ['1'], detail: '' },
      drugStoreId: 11,
    });
    expect(useRecipeDraft.getState().draft).toBeNull();
  });

  it('sends a patient whose illness is missing back to that step', async () => {
    fakeApi({
      'GET /customer/v1/getLocation': () => null,
      'GET /store/v1/queryStoreAddressByLocation': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    const { router } = renderApp(`/recipe/chooseDrugStore?${Q}`);
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipe/discripIllness'));
  });
});
