import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFailure, fakeApi } from '../../test-utils';
import { usePayIntent } from './PaymentSheet';

const intent = (provider: 'local' | 'wechatpay', state = 'created') => ({
  intentId: '7f1c2d9e-0000-4000-8000-000000000001',
  subjectKind: 'consultService',
  subjectId: 'svc-1',
  description: '图文问诊',
  amountCents: 2990,
  state,
  stateLabel: state === 'paid' ? '已支付' : '待支付',
  provider,
});
const payParams = {
  appId: 'wx1',
  timeStamp: '1',
  nonceStr: 'n',
  package: 'prepay_id=p',
  signType: 'RSA',
  paySign: 's',
};

function Harness({ onResult }: { onResult: (outcome: string) => void }) {
  const { pay, sheet } = usePayIntent(onResult);
  return (
    <>
      <button type="button" onClick={() => void pay('7f1c2d9e-0000-4000-8000-000000000001')}>
        去支付
      </button>
      {sheet}
    </>
  );
}

beforeAll(() => {
  installAntdMobileRender();
});

describe('usePayIntent with the local provider', () => {
  it('shows the sheet with the amount; 支付 posts localPay and says 支付成功', async () => {
    const api = fakeApi({
      'POST /payment/v1/prepay': () => ({ intent: intent('local'), payParams }),
      'POST /payment/v1/localPay': () => ({ outcome: 'success', message: '支付成功', intent: intent('local', 'paid') }),
    });
    const onResult = vi.fn();
    render(<Harness onResult={onResult} />);
    fireEvent.click(screen.getByRole('button', { name: '去支付' }));
    const sheet = await screen.findByRole('dialog', { name: '支付' });
    expect(within(sheet).getByText('¥29.90')).toBeTruthy();
    expect(within(sheet).getByText('图文问诊')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '支付' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('success'));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(api.called('POST /payment/v1/localPay')[0]?.body).toEqual({
      intentId: intent('local').intentId,
      action: 'pay',
    });
  });

  it('取消 says 支付取消', async () => {
    fakeApi({
      'POST /payment/v1/prepay': () => ({ intent: intent('local'), payParams }),
      'POST /payment/v1/localPay': () => ({ outcome: 'cancelled', message: '支付取消', intent: intent('local') }),
    });
    const onResult = vi.fn();
    render(<Harness onResult={onResult} />);
    fireEvent.click(screen.getAllByRole('button', { name: '去支付' }).at(-1) as HTMLElement);
    const sheet = await screen.findByRole('dialog', { name: '支付' });
    fireEvent.click(within(sheet).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('cancelled'));
    expect(await screen.findByText('支付取消')).toBeTruthy();
  });
});

describe('usePayIntent with WeChat Pay', () => {
  it('hands the pay parameters to WeixinJSBridge and reads its answer', async () => {
    fakeApi({ 'POST /payment/v1/prepay': () => ({ intent: intent('wechatpay'), payParams }) });
    const invoke = vi.fn((_name: string, _params: unknown, done: (answer: { err_msg: string }) => void) =>
      done({ err_msg: 'get_brand_wcpay_request:fail' }),
    );
    (window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    const onResult = vi.fn();
    render(<Harness onResult={onResult} />);
    fireEvent.click(screen.getAllByRole('button', { name: '去支付' }).at(-1) as HTMLElement);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('failed'));
    expect(invoke.mock.calls[0]?.[1]).toEqual(payParams);
    expect(await screen.findByText('支付失败！请重试')).toBeTruthy();
    delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
  });

  it('shows the server’s message when the prepay fails', async () => {
    fakeApi({
      'POST /payment/v1/prepay': () => {
        throw apiFailure(40900, '该订单已支付', 409);
      },
    });
    const onResult = vi.fn();
    render(<Harness onResult={onResult} />);
    fireEvent.click(screen.getAllByRole('button', { name: '去支付' }).at(-1) as HTMLElement);
    expect(await screen.findByText('该订单已支付')).toBeTruthy();
    expect(onResult).not.toHaveBeenCalled();
  });
});
