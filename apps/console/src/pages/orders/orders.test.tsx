// The order desk and the sales report in jsdom against a stubbed network answering as the API does:
// what each action sends, the actions an order's state enables (the domain's rules), and the
// report's totals and grouping.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { Schema } from '@glucoguard/sdk';
import { OrderDrawer } from './OrderDrawer';
import OrdersPage from './OrdersPage';
import SalesReportPage from './SalesReportPage';
import { orderPriceText } from './orderText';
import { stubNetwork } from '../../../test/network';

// lightweight-charts draws on a canvas, which jsdom lacks: a stand-in that records the bars.
const bars: unknown[][] = [];
vi.mock('lightweight-charts', () => ({
  HistogramSeries: {},
  createChart: () => ({
    addSeries: () => ({ setData: (data: unknown[]) => bars.push(data) }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

type Order = Schema<'ConsoleOrder'>;
type Detail = Schema<'ConsoleOrderEnvelope'>['data'];

function order(change: Partial<Order> = {}): Order {
  return {
    orderId: 7,
    orderCode: 'GG20261127100501123456',
    customerId: 'b3f1c2d4-0000-4000-8000-000000000001',
    customerName: '张桂兰',
    customerPhone: '13900138000',
    goodsId: 1,
    goodsName: '糖护 4G 血糖仪（测完自动上传）',
    iconUrl: null,
    salesMode: 'rmb',
    number: 1,
    payAmount: 29900,
    payCoupon: 0,
    scoreAmount: 0,
    paperAmount: 0,
    postage: 0,
    payType: 1,
    payStatus: 1,
    orderStatus: 1,
    sendStatus: 0,
    asignStatus: 0,
    auditStatus: 0,
    needPay: 1,
    receiveType: 0,
    createTime: '2026-11-27T02:05:01.000Z',
    autoCancelTime: null,
    consigneeName: '张桂兰',
    phone: '13900138000',
    detailAddress: '浙江省 杭州市 西湖区 文三路 90 号 2 幢 301',
    express: null,
    refundAmount: null,
    refundReason: null,
    refundableCents: 29900,
    statusLabel: '未发货',
    paymentLabel: '已支付',
    ...change,
  };
}

const shown = (ui: React.ReactNode) =>
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>{ui}</App>
    </ConfigProvider>,
  );

const button = (name: string) => screen.getByRole('button', { name });

/** The open dialog titled `title` (the drawer is a dialog too, so it is found by its title). */
async function modal(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}

describe('orderPriceText', () => {
  it('joins yuan, points and strips, and reads ¥0.00 when nothing was spent', () => {
    expect(orderPriceText({ payAmount: 1990, scoreAmount: 200, paperAmount: 0 })).toBe('¥19.90 ＋ 200 积分');
    expect(orderPriceText({ payAmount: 0, scoreAmount: 0, paperAmount: 50 })).toBe('50 条试纸');
    expect(orderPriceText({ payAmount: 0, scoreAmount: 0, paperAmount: 0 })).toBe('¥0.00');
  });
});

describe('the order drawer', () => {
  it('audits a paid order, then ships it with a listed courier, and shows the trace', async () => {
    let current: Detail = { order: order(), traces: [] };
    const calls = stubNetwork(({ method, path, body }) => {
      if (method === 'POST' && path.endsWith('/audit')) {
        current = { order: order({ auditStatus: 1, statusLabel: '审核成功' }), traces: [] };
      }
      if (method === 'POST' && path.endsWith('/ship')) {
        const { expressCode, trackingNumber } = body as { expressCode: string; trackingNumber: string };
        current = {
          order: order({
            auditStatus: 1,
            sendStatus: 1,
            statusLabel: '已发货',
            express: { expressCode, expressName: '中通快递', expressPhone: '95311', trackingNumber },
          }),
          traces: [
            {
              acceptTime: '2026-11-27 10:20:00',
              acceptStation: `商家已发货，包裹已交给中通快递，运单号 ${trackingNumber}`,
            },
          ],
        };
      }
      return current;
    });
    const changed = vi.fn();
    shown(<OrderDrawer orderId={7} onClose={() => undefined} onChanged={changed} />);
    expect(await screen.findByText('订单 GG20261127100501123456')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/console/v1/orders/7' });
    expect(button('发货').hasAttribute('disabled')).toBe(true);
    expect(button('已签收').hasAttribute('disabled')).toBe(true);

    fireEvent.click(button('审核通过'));
    fireEvent.click(await screen.findByRole('button', { name: '通过' }));
    await waitFor(() => expect(button('发货').hasAttribute('disabled')).toBe(false));
    expect(calls.find((c) => c.path.endsWith('/audit'))?.body).toEqual({ pass: true });
    expect(button('审核通过').hasAttribute('disabled')).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);

    fireEvent.click(button('发货'));
    const dialog = await modal('发货');
    await act(async () => fireEvent.mouseDown(within(dialog).getByLabelText('快递公司')));
    fireEvent.click(await screen.findByTitle('中通快递'));
    fireEvent.change(within(dialog).getByLabelText('快递单号'), { target: { value: ' 78123456789012 ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/ship'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/ship'))?.body).toEqual({
      expressCode: 'ZTO',
      trackingNumber: '78123456789012',
    });
    expect(await screen.findByText('商家已发货，包裹已交给中通快递，运单号 78123456789012')).toBeTruthy();
    expect(button('已签收').hasAttribute('disabled')).toBe(false);
  });

  it('refuses a waybill number of the wrong shape without calling the API', async () => {
    const calls = stubNetwork(() => ({ order: order({ auditStatus: 1, statusLabel: '审核成功' }), traces: [] }));
    shown(<OrderDrawer orderId={7} onClose={() => undefined} onChanged={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '发货' }));
    const dialog = await modal('发货');
    await act(async () => fireEvent.mouseDown(within(dialog).getByLabelText('快递公司')));
    fireEvent.click(await screen.findByTitle('顺丰速运'));
    fireEvent.change(within(dialog).getByLabelText('快递单号'), { target: { value: 'SF#1' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    expect(await within(dialog).findByText('请输入正确的快递单号')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refunds all that is left by default, with the reason', async () => {
    const calls = stubNetwork(({ method }) =>
      method === 'POST'
        ? { order: order({ payStatus: 5, statusLabel: '退款中', refundAmount: 29900, refundableCents: 0 }), traces: [] }
        : { order: order(), traces: [] },
    );
    shown(<OrderDrawer orderId={7} onClose={() => undefined} onChanged={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '退款' }));
    const dialog = await modal('订单退款');
    await waitFor(() => expect(within(dialog).getByRole('spinbutton')).toHaveProperty('value', '299.00'));
    fireEvent.change(within(dialog).getByLabelText('退款原因（买家会看到）'), { target: { value: '商品缺货' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/refund'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/refund'))?.body).toEqual({
      refundCents: 29900,
      reason: '商品缺货',
      requestKey: expect.any(String) as string,
    });
    expect(await screen.findByText('退款中')).toBeTruthy();
    expect(button('退款').hasAttribute('disabled')).toBe(true);
  });
});

describe('refunds of points and strips, refund requests and pickup (docs/adr/0194)', () => {
  it('refunds a points-only order with just the reason: no amount, 0 cents, 退款成功', async () => {
    const points = { payAmount: 0, needPay: 0, scoreAmount: 500, refundableCents: 0, sendStatus: 1 as const };
    const calls = stubNetwork(({ method }) =>
      method === 'POST'
        ? { order: order({ ...points, payStatus: 3, statusLabel: '退款成功', refundAmount: 0 }), traces: [] }
        : { order: order(points), traces: [] },
    );
    shown(<OrderDrawer orderId={7} onClose={() => undefined} onChanged={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '退款' }));
    const dialog = await modal('订单退款');
    expect(within(dialog).getByText('将退还 500 积分')).toBeTruthy();
    // No amount to type: the money field is not shown.
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('退款原因（买家会看到）'), { target: { value: '客户不需要了' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/refund'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/refund'))?.body).toEqual({
      refundCents: 0,
      reason: '客户不需要了',
      requestKey: expect.any(String) as string,
    });
    expect(await screen.findByText('退款成功', { selector: '.ant-tag' })).toBeTruthy();
  });

  it("shows the customer's refund request and declines it with a reason", async () => {
    const asked = { sendStatus: 1 as const, auditStatus: 1 as const, refundRequest: 1 as const };
    const calls = stubNetwork(({ method }) =>
      method === 'POST'
        ? {
            order: order({ ...asked, refundRequest: 2, refundDeclineReason: '商品已拆封使用' }),
            traces: [],
          }
        : { order: order({ ...asked, refundRequestReason: '包装破损' }), traces: [] },
    );
    shown(<OrderDrawer orderId={7} onClose={() => undefined} onChanged={() => undefined} />);
    expect(await screen.findByText('退款申请中：包装破损')).toBeTruthy();
    fireEvent.click(button('拒绝退款申请'));
    const dialog = await modal('拒绝退款申请');
    fireEvent.change(within(dialog).getByLabelText('拒绝原因（买家会看到）'), { target: { value: '商品已拆封使用' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/refund-decline'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/refund-decline'))?.body).toEqual({ reason: '商品已拆封使用' });
    expect(await screen.findByText('退款申请未通过：商品已拆封使用')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '拒绝退款申请' })).toBeNull();
  });

  it.each([
    ['refunding', 5, '退款中'],
    ['refunded', 3, '退款成功'],
  ] as const)('keeps 已签收 and 拒收 off for a shipped order %s', async (_, payStatus, statusLabel) => {
    stubNetwork(() => ({ order: order({ sendStatus: 1, auditStatus: 1, payStatus, statusLabel }), traces: [] }));
    shown(<OrderDrawer orderId={7} onClose={() => undefined} onChanged={() => undefined} />);
    expect((await screen.findByRole('button', { name: '已签收' })).hasAttribute('disabled')).toBe(true);
    expect(button('拒收').hasAttribute('disabled')).toBe(true);
  });

  it('marks a paid pickup order 已取货 without shipping; 拒收 stays off', async () => {
    const calls = stubNetwork(({ method }) =>
      method === 'POST'
        ? { order: order({ receiveType: 1, sendStatus: 1, asignStatus: 1, statusLabel: '已签收' }), traces: [] }
        : { order: order({ receiveType: 1 }), traces: [] },
    );
    shown(<OrderDrawer orderId={7} onClose={() => undefined} onChanged={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '已取货' }));
    expect(button('拒收').hasAttribute('disabled')).toBe(true);
    expect(button('发货').hasAttribute('disabled')).toBe(true);
    const confirm = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.ant-popconfirm');
      expect(popup).toBeTruthy();
      return popup as HTMLElement;
    });
    fireEvent.click(within(confirm).getByRole('button', { name: '已取货' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/sign'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/sign'))?.body).toEqual({ result: 'signed' });
  });
});

describe('the order queue', () => {
  it('lists orders with what was paid and narrows by pay status and keyword', async () => {
    const calls = stubNetwork(() => ({
      items: [order({ payAmount: 1990, scoreAmount: 200 })],
      currentPage: 1,
      totalPage: 1,
      total: 1,
    }));
    shown(<OrdersPage />);
    expect(await screen.findByText('¥19.90 ＋ 200 积分')).toBeTruthy();
    expect(calls[0]?.query.get('pageSize')).toBe('10');

    await act(async () => fireEvent.mouseDown(screen.getByRole('combobox', { name: '支付状态' })));
    fireEvent.click(await screen.findByTitle('退款中'));
    await waitFor(() => expect(calls.at(-1)?.query.get('payStatus')).toBe('5'));

    fireEvent.change(screen.getByRole('searchbox', { name: '订单号或手机号' }), { target: { value: ' 13900138000 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('keyword')).toBe('13900138000'));
    expect(calls.at(-1)?.query.get('payStatus')).toBe('5');
  });
});

describe('销售报表', () => {
  const row = (key: string, label: string, salesCents: number) => ({
    key,
    label,
    orders: 1,
    quantity: 1,
    salesCents,
    refundCents: 0,
    netCents: salesCents,
    scoreAmount: 0,
    paperAmount: 0,
  });

  it('shows the totals, a bar per day, and the goods with their share', async () => {
    const calls = stubNetwork(({ query }) => ({
      from: query.get('from'),
      to: query.get('to'),
      groupBy: query.get('groupBy'),
      rows:
        query.get('groupBy') === 'day'
          ? [row('2026-11-26', '2026-11-26', 29900), row('2026-11-27', '2026-11-27', 0)]
          : [row('1', '糖护 4G 血糖仪', 29900)],
      totals: { ...row('total', '合计', 29900), orders: 1 },
    }));
    bars.length = 0;
    shown(<SalesReportPage />);
    expect(await screen.findByText('销售额')).toBeTruthy();
    expect(calls[0]?.query.get('groupBy')).toBe('day');
    await waitFor(() =>
      expect(bars.at(-1)).toEqual([
        { time: '2026-11-26', value: 299 },
        { time: '2026-11-27', value: 0 },
      ]),
    );

    fireEvent.click(screen.getByText('按商品'));
    expect(await screen.findByText('糖护 4G 血糖仪')).toBeTruthy();
    expect(calls.at(-1)?.query.get('groupBy')).toBe('goods');
    expect(screen.getByRole('progressbar', { name: '糖护 4G 血糖仪 销售额占比' })).toBeTruthy();
  });
});
