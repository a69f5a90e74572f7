import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores, type RecordedCall } from '../../test-utils';
import { consultDoctor } from './fixtures';

beforeAll(() => {
  installAntdMobileRender();
});

const page = (items: ReturnType<typeof consultDoctor>[], totalPage = 1) => ({
  items,
  currentPage: 1,
  totalPage,
  totalNum: items.length,
});

const bodies = (calls: RecordedCall[]) => calls.map((call) => call.body as Record<string, unknown>);

describe('/findDoctor/findDoctor', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('shows each doctor with level, organisation cut at 16, strengths cut at 36 and the prices, linking to the doctor', async () => {
    const api = fakeApi({
      'POST /consult/v1/pagedQueryDoctorList': () =>
        page([consultDoctor({ organizationName: '首都医科大学附属北京同仁医院内分泌代谢中心' })]),
    });
    renderApp('/findDoctor/findDoctor');
    const card = await within(await screen.findByLabelText('医生列表')).findByRole('link', { name: '王明远' });
    expect(card.textContent).toContain('主任医师');
    expect(card.textContent).toContain('首都医科大学附属北京同仁医院内分...');
    expect(card.textContent).toContain(
      '擅长：2型糖尿病的胰岛素起始与调整、糖尿病合并高血压和血脂异常的综合管理，以及...',
    );
    expect(card.textContent).toContain('可开处方');
    expect(card.textContent).toContain('¥60.00');
    expect(card.textContent).toContain('¥199.00起');
    expect(card.getAttribute('href')).toBe('/findDoctor/doctorDetail?doctorId=9&eleRxStatus=1');
    expect(bodies(api.called('POST /consult/v1/pagedQueryDoctorList'))[0]).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('searches after typing stops, clears an emoji with 请不要输入表情, and an empty box lists everyone again', async () => {
    const api = fakeApi({
      'POST /consult/v1/pagedQueryDoctorList': (call) =>
        (call.body as { keyName?: string }).keyName === '湖滨' ? page([]) : page([consultDoctor()]),
    });
    renderApp('/findDoctor/findDoctor');
    await screen.findByRole('link', { name: '王明远' });
    const box = screen.getByRole('textbox', { name: '搜索医生' });

    fireEvent.change(box, { target: { value: '王😀' } });
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');

    fireEvent.change(box, { target: { value: '湖' } });
    fireEvent.change(box, { target: { value: '湖滨' } });
    expect(await screen.findByText('暂无医生')).toBeTruthy();
    // Only the last text was searched: the debounce dropped 湖.
    const keyNames = bodies(api.called('POST /consult/v1/pagedQueryDoctorList')).map((b) => b.keyName);
    expect(keyNames).toEqual([undefined, '湖滨']);

    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByRole('link', { name: '王明远' })).toBeTruthy();
    expect(bodies(api.called('POST /consult/v1/pagedQueryDoctorList')).at(-1)?.keyName).toBeUndefined();
  });

  it('filters by prescribing, level and service type from the panel', async () => {
    const api = fakeApi({
      'POST /consult/v1/pagedQueryDoctorList': () => page([consultDoctor()]),
      'GET /dictionary/v1/getByCodes': () => ({
        professional_level: [
          { itemKey: '1', itemValue: '主任医师' },
          { itemKey: '2', itemValue: '副主任医师' },
        ],
      }),
      'GET /consult/v1/getAllServiceType': () => [
        { serviceType: 1, serviceTypeName: '单次图文咨询' },
        { serviceType: 2, serviceTypeName: '包时段咨询' },
      ],
    });
    renderApp('/findDoctor/findDoctor');
    await screen.findByRole('link', { name: '王明远' });
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const panel = await screen.findByRole('dialog', { name: '筛选医生' });
    fireEvent.click(within(panel).getByRole('button', { name: '可开处方' }));
    fireEvent.click(await within(panel).findByRole('button', { name: '主任医师' }));
    fireEvent.click(await within(panel).findByRole('button', { name: '包时段咨询' }));
    expect(within(panel).getByRole('button', { name: '主任医师' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(panel).getByRole('button', { name: '确定' }));
    expect(await screen.findByRole('button', { name: '筛选(3)' })).toBeTruthy();
    await waitFor(() =>
      expect(bodies(api.called('POST /consult/v1/pagedQueryDoctorList')).at(-1)).toEqual({
        pageNo: 1,
        pageSize: 10,
        eleRxStatus: 1,
        professionalLevels: ['1'],
        serviceTypes: [2],
      }),
    );
  });
});
