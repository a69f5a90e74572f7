import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiFailure,
  fakeApi,
  registeredCustomer,
  registeredPatientPageHooks,
  renderApp,
  resetStores,
} from '../../test-utils';

registeredPatientPageHooks();

const field = (label: string) => screen.getByRole('textbox', { name: label });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

const FILLED = {
  采购人: '陈建华',
  联系电话: '13912345678',
  采购商品名称: '糖护G1血糖仪',
  采购商品数量: '200',
  销售渠道: '连锁药店',
  销售区域: '浙江省杭州市',
};

describe('/dealerProcurement', () => {
  it.each([
    ['no purchaser', {}, '请输入采购人姓名！'],
    ['no phone', { 采购人: '陈建华' }, '联系电话！'],
    ['a wrong phone', { 采购人: '陈建华', 联系电话: '12912345678' }, '请输入正确的电话号码！'],
    ['no product', { 采购人: '陈建华', 联系电话: '13912345678' }, '采购商品名称！'],
    // Each of the last three its own message (the old product mixed them up).
    ['no quantity', { ...FILLED, 采购商品数量: '' }, '采购商品数量！'],
    ['no channel', { ...FILLED, 销售渠道: '' }, '销售渠道！'],
    ['no area', { ...FILLED, 销售区域: '' }, '销售区域！'],
  ])('refuses %s with that field’s message and sends nothing', async (_name, fields, message) => {
    const api = fakeApi({});
    renderApp('/dealerProcurement');
    await screen.findByRole('button', { name: '提交' });
    for (const [label, value] of Object.entries(fields)) {
      type(label, value);
    }
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.called('POST /dealer/v1/add')).toEqual([]);
  });

  it('keeps only the digits of the phone and the quantity as they are typed', async () => {
    fakeApi({});
    renderApp('/dealerProcurement');
    await screen.findByRole('button', { name: '提交' });
    type('联系电话', '139 1234-5678');
    type('采购商品数量', '2百00');
    expect((field('联系电话') as HTMLInputElement).value).toBe('13912345678');
    expect((field('采购商品数量') as HTMLInputElement).value).toBe('200');
  });

  it('sends the enquiry, says 提交成功 and goes back, for a visitor too', async () => {
    resetStores({ isAuth: '0', customerId: 'c1', token: 't1', customer: registeredCustomer({ userType: 0 }) });
    const api = fakeApi({ 'POST /dealer/v1/add': () => ({ enquiryId: 3 }) });
    const { router } = renderApp('/dealerProcurement');
    await screen.findByRole('button', { name: '提交' });
    for (const [label, value] of Object.entries(FILLED)) {
      type(label, value);
    }
    type('备注', '希望了解批量采购价格');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(api.called('POST /dealer/v1/add').map((call) => call.body)).toEqual([
      {
        purchaser: '陈建华',
        phone: '13912345678',
        productName: '糖护G1血糖仪',
        account: '200',
        saleChannel: '连锁药店',
        saleArea: '浙江省杭州市',
        remark: '希望了解批量采购价格',
      },
    ]);
    // Opened directly, so back means the service centre.
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceCenter'));
  });

  it('shows the server’s refusal', async () => {
    fakeApi({
      'POST /dealer/v1/add': () => {
        throw apiFailure(42900, '提交太频繁，请明天再试', 429);
      },
    });
    renderApp('/dealerProcurement');
    await screen.findByRole('button', { name: '提交' });
    for (const [label, value] of Object.entries(FILLED)) {
      type(label, value);
    }
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('提交太频繁，请明天再试')).toBeTruthy();
  });
});
