import { MEDICATION_MESSAGES } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { MEDICATION_DELETE_CONFIRM, resetMedicationDictionaries } from './AddMedicationPage';
import { diaryDay, dosageInput, useMedicationDraft } from './diary';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  // 2026-11-20 10:00 in China: the 21st and later are still to come.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T02:00:00Z'));
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  resetMedicationDictionaries();
  useMedicationDraft.getState().clear();
});

afterEach(() => {
  vi.useRealTimers();
});

const DICTIONARIES = {
  medicine_usaged: [
    { itemKey: '1', itemValue: '口服' },
    { itemKey: '2', itemValue: '皮下注射' },
  ],
  medicine_rate: [
    { itemKey: '1', itemValue: '每日一次' },
    { itemKey: '2', itemValue: '每日两次' },
  ],
};

const METFORMIN = {
  medicineId: '11',
  productName: '格华止',
  medicineName: '盐酸二甲双胍片',
  specification: '0.5g*20片',
  dosageUnit: '片',
  packingUnit: '盒',
};

const ACARBOSE = {
  medicineId: '12',
  productName: '拜糖平',
  medicineName: '阿卡波糖片',
  specification: '50mg*30片',
  dosageUnit: '片',
  packingUnit: '盒',
};

/** The dosage box (antd-mobile labels its wrapper too). */
const dosageBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: '用量' });

function record(recordId: string, recordTime: string, medicine = METFORMIN) {
  return {
    recordId,
    medicineId: medicine.medicineId,
    recordTime,
    dosage: '1',
    usaged: '1',
    usagedName: '口服',
    rate: '2',
    rateName: '每日两次',
    dosageUnit: medicine.dosageUnit,
    productName: medicine.productName,
    medicineName: medicine.medicineName,
    specification: medicine.specification,
  };
}

describe('the diary helpers', () => {
  it('reads the day from year + MM-DD and refuses dates that do not exist', () => {
    expect(diaryDay('2026', '11-05')).toBe('2026-11-05');
    expect(diaryDay(null, '2026-11-05')).toBe('2026-11-05');
    expect(diaryDay('2026', '02-30')).toBeNull();
    expect(diaryDay('2026', null)).toBeNull();
    expect(diaryDay('abcd', '11-05')).toBeNull();
  });

  it('keeps a dosage to digits and one point, at most 10 characters', () => {
    expect(dosageInput('1a.5.2', 10)).toBe('1.52');
    expect(dosageInput('12345678901234', 10)).toBe('1234567890');
  });
});

describe('/calendar', () => {
  it('offers the years 2019 to now and the months so far, marks the days with records and locks future days', async () => {
    const server = fakeApi({
      'GET /customer/v1/queryMedicineRecord': () => ({
        items: [
          record('1', '2026-11-03 08:00:00'),
          record('2', '2026-11-03 20:00:00'),
          record('3', '2026-11-18 08:00:00'),
        ],
      }),
    });
    renderApp('/calendar');
    const year = await screen.findByLabelText<HTMLSelectElement>('年份');
    expect([...year.options].map((o) => o.textContent)).toEqual([
      '2019年',
      '2020年',
      '2021年',
      '2022年',
      '2023年',
      '2024年',
      '2025年',
      '2026年',
    ]);
    expect(year.value).toBe('2026');
    const month = screen.getByLabelText<HTMLSelectElement>('月份');
    expect(month.options).toHaveLength(11);
    expect(month.value).toBe('11');
    expect(await screen.findByRole('button', { name: '11月3日 已记录2次用药' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '11月18日 已记录1次用药' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '11月4日' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '11月21日 未到' }).disabled).toBe(true);
    const query = server.called('GET /customer/v1/queryMedicineRecord')[0]!.query;
    expect([query.get('recordStartDate'), query.get('recordEndDate')]).toEqual(['2026-11-01', '2026-11-30']);

    // An earlier year shows all twelve months and reads the month chosen.
    fireEvent.change(year, { target: { value: '2025' } });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('月份').options).toHaveLength(12));
    await waitFor(() =>
      expect(server.called('GET /customer/v1/queryMedicineRecord').at(-1)!.query.get('recordStartDate')).toBe(
        '2025-11-01',
      ),
    );
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: '11月21日' })).disabled).toBe(false);
  });

  it('opens the day list for a day with records and the form for a day without', async () => {
    fakeApi({
      'GET /customer/v1/queryMedicineRecord': (call) =>
        call.query.get('recordStartDate') === '2026-11-03'
          ? { items: [record('1', '2026-11-03 08:00:00')] }
          : { items: call.query.get('recordEndDate') === '2026-11-30' ? [record('1', '2026-11-03 08:00:00')] : [] },
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    });
    const { router } = renderApp('/calendar');
    fireEvent.click(await screen.findByRole('button', { name: '11月3日 已记录1次用药' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/medicationRecordList'));
    expect(router.state.location.search).toBe('?year=2026&time=11-03');
    expect(await screen.findByText('2026年11月3日')).toBeTruthy();
    expect(await screen.findByText('口服 · 每日两次 · 每次1片')).toBeTruthy();

    await router.navigate('/calendar');
    const free = await screen.findByRole<HTMLButtonElement>('button', { name: '11月4日' });
    // Days open once the month's records are known (with or without records).
    await waitFor(() => expect(free.disabled).toBe(false));
    fireEvent.click(free);
    await waitFor(() => expect(router.state.location.pathname).toBe('/addMedication'));
    expect(router.state.location.search).toBe('?name=add&year=2026&time=11-04');
    await waitFor(() => expect(document.title).toBe('选择药品'));
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});

describe('/addMedication', () => {
  it('checks medicine, usage, frequency and dosage in order, keeps the form across /selectDrug and adds the record', async () => {
    const server = fakeApi({
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
      'POST /customer/v1/medicineRecordLast': () => ({ items: [METFORMIN] }),
      'POST /customer/v1/addMedicineRecord': (call) => ({
        ...record('9', '2026-11-04 08:00:00'),
        ...(call.body as object),
      }),
      'GET /customer/v1/queryMedicineRecord': () => ({ items: [record('9', '2026-11-04 08:00:00')] }),
    });
    const { router } = renderApp('/addMedication?name=add&year=2026&time=11-04');
    const save = await screen.findByRole('button', { name: '保存' });
    fireEvent.click(save);
    expect(await screen.findByText(MEDICATION_MESSAGES.medicine)).toBeTruthy();

    // The usage is chosen before the medicine: it is still there after the chooser.
    fireEvent.click(await screen.findByText('皮下注射'));
    fireEvent.click(screen.getByText('请选择药品'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectDrug'));
    expect(await screen.findByPlaceholderText('输入药品名称搜索')).toBeTruthy();
    const recent = await screen.findByRole('region', { name: '最近使用' });
    fireEvent.click(await within(recent).findByText('格华止'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addMedication'));
    expect((await screen.findByLabelText('药品')).textContent).toBe('格华止 0.5g*20片');
    expect(screen.getByLabelText('单位').textContent).toBe('片');
    expect(screen.getByText('皮下注射').closest('.adm-selector-item')?.classList).toContain('adm-selector-item-active');

    // A second tap takes the usage away again.
    fireEvent.click(screen.getByText('皮下注射'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MEDICATION_MESSAGES.usage)).toBeTruthy();
    fireEvent.click(screen.getByText('口服'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MEDICATION_MESSAGES.frequency)).toBeTruthy();
    fireEvent.click(screen.getByText('每日两次'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MEDICATION_MESSAGES.dosage)).toBeTruthy();
    expect(server.called('POST /customer/v1/addMedicineRecord')).toHaveLength(0);

    fireEvent.change(dosageBox(), { target: { value: '1.5片' } });
    expect(dosageBox().value).toBe('1.5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.called('POST /customer/v1/addMedicineRecord')).toHaveLength(1));
    expect(server.called('POST /customer/v1/addMedicineRecord')[0]!.body).toEqual({
      medicineId: '11',
      recordTime: '2026-11-04 08:00:00',
      dosage: '1.5',
      usaged: '1',
      rate: '2',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/medicationRecordList'));
    expect(router.state.location.search).toBe('?year=2026&time=11-04');
  });

  it('edits a record from the day list, and deletes it only after the confirmation', async () => {
    let records = [record('5', '2026-11-03 08:30:00'), record('6', '2026-11-03 20:00:00', ACARBOSE)];
    const server = fakeApi({
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
      'GET /customer/v1/queryMedicineRecord': () => ({ items: records }),
      'POST /customer/v1/updateMedicineRecord': (call) => ({ ...records[1]!, ...(call.body as object) }),
      'POST /customer/v1/medicineRecordDel': (call) => {
        records = records.filter((r) => r.recordId !== (call.body as { recordId: string }).recordId);
        return null;
      },
    });
    const { router } = renderApp('/medicationRecordList?year=2026&time=11-03');
    fireEvent.click(await screen.findByText('拜糖平'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addMedication'));
    const edit = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(edit)).toMatchObject({
      name: 'edit',
      year: '2026',
      time: '11-03',
      recordId: '6',
      medicineId: '12',
      productName: '拜糖平',
      specification: '50mg*30片',
      dosageUnit: '片',
    });
    await waitFor(() => expect(document.title).toBe('编辑用药'));
    expect((await screen.findByLabelText('药品')).textContent).toBe('拜糖平 50mg*30片');
    expect(screen.getByLabelText('用药时间').textContent).toBe('20:00');
    expect(dosageBox().value).toBe('1');
    fireEvent.change(dosageBox(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.called('POST /customer/v1/updateMedicineRecord')).toHaveLength(1));
    expect(server.called('POST /customer/v1/updateMedicineRecord')[0]!.body).toEqual({
      recordId: '6',
      medicineId: '12',
      recordTime: '2026-11-03 20:00:00',
      dosage: '2',
      usaged: '1',
      rate: '2',
    });
    // Back to the day's list it came from.
    await waitFor(() => expect(router.state.location.pathname).toBe('/medicationRecordList'));

    fireEvent.click(await screen.findByText('格华止'));
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText(MEDICATION_DELETE_CONFIRM)).toBeTruthy();
    expect(server.called('POST /customer/v1/medicineRecordDel')).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(server.called('POST /customer/v1/medicineRecordDel')).toHaveLength(1));
    expect(server.called('POST /customer/v1/medicineRecordDel')[0]!.body).toEqual({ recordId: '5' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/medicationRecordList'));
    await waitFor(() => expect(screen.queryByText('格华止')).toBeNull());
  });
});

describe('/selectDrug', () => {
  it('searches the catalogue 10 at a time and says so when nothing matches', async () => {
    const server = fakeApi({
      'POST /customer/v1/medicineRecordLast': () => ({ items: [] }),
      'GET /customer/v1/queryMedicine': (call) =>
        call.query.get('keyWord') === '阿卡'
          ? { items: [ACARBOSE], currentPage: 1, totalPage: 1, totalNum: 1 }
          : { items: [], currentPage: 1, totalPage: 0, totalNum: 0 },
    });
    const { router } = renderApp('/selectDrug?name=add&year=2026&time=11-04');
    expect(await screen.findByText('还没有用过的药品')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('输入药品名称搜索'), { target: { value: '阿卡' } });
    fireEvent.click(await screen.findByText('拜糖平'));
    const query = server.called('GET /customer/v1/queryMedicine')[0]!.query;
    expect([query.get('currentPage'), query.get('pageSize'), query.get('keyWord')]).toEqual(['1', '10', '阿卡']);
    // Opened on its own (no form behind it), choosing goes to the form with the medicine in the address.
    await waitFor(() => expect(router.state.location.pathname).toBe('/addMedication'));
    expect(new URLSearchParams(router.state.location.search).get('medicineId')).toBe('12');

    await router.navigate('/selectDrug?name=add&year=2026&time=11-04');
    fireEvent.change(await screen.findByPlaceholderText('输入药品名称搜索'), { target: { value: '没有的药' } });
    expect(await screen.findByText('没有找到相关药品，换个名称试试')).toBeTruthy();
  });
});
