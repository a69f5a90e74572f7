import { describe, expect, it } from 'vitest';
import {
  COURIERS,
  LOGISTICS_MESSAGES,
  SALES_REPORT_MAX_DAYS,
  countsAsSale,
  courierByCode,
  logisticsStateLabel,
  newestTracesFirst,
  orderAuditProblem,
  orderShipProblem,
  orderSignProblem,
  salesReport,
  salesReportDays,
  shippingEventStation,
  type SaleOrder,
} from './logistics';
import type { OrderState } from './order';

/** A paid online mailed order, not audited, not sent. */
const paid: OrderState = {
  payType: 1,
  payStatus: 1,
  orderStatus: 1,
  sendStatus: 0,
  auditStatus: 0,
  asignStatus: 0,
  needPay: 1,
  receiveType: 0,
};

describe('couriers', () => {
  it('knows each courier once by its 快递鸟 code, with a service number', () => {
    expect(new Set(COURIERS.map((c) => c.code)).size).toBe(COURIERS.length);
    expect(courierByCode('SF')).toEqual({ code: 'SF', name: '顺丰速运', phone: '95338' });
    expect(courierByCode('sf')).toBeUndefined();
    expect(courierByCode(null)).toBeUndefined();
    for (const courier of COURIERS) {
      expect(courier.phone).toMatch(/^\d{5,6}$/);
    }
  });

  it('words the local traces of each shipping event', () => {
    const sf = courierByCode('SF')!;
    expect(shippingEventStation('shipped', sf, 'SF1234567890')).toBe(
      '商家已发货，包裹已交给顺丰速运，运单号 SF1234567890',
    );
    expect(shippingEventStation('signed', sf, 'x')).toContain('已签收');
    expect(shippingEventStation('refused', sf, 'x')).toContain('拒收');
  });
});

describe('logisticsStateLabel', () => {
  it.each([
    [0, '暂无轨迹'],
    [1, '已揽收'],
    [2, '运输中'],
    [3, '已签收'],
    [4, '问题件'],
    [201, '运输中'],
  ])('state %i reads %s', (state, label) => {
    expect(logisticsStateLabel(state)).toBe(label);
  });
});

describe('newestTracesFirst', () => {
  it('puts the newest first and writes 快递鸟 slashes as dashes', () => {
    expect(
      newestTracesFirst([
        { acceptTime: '2026/11/20 08:05:37', acceptStation: '已揽收' },
        { acceptTime: '2026-11-21 10:00:00', acceptStation: '到达上海' },
        { acceptTime: '2026-11-22 09:30:00', acceptStation: '已签收' },
      ]),
    ).toEqual([
      { acceptTime: '2026-11-22 09:30:00', acceptStation: '已签收' },
      { acceptTime: '2026-11-21 10:00:00', acceptStation: '到达上海' },
      { acceptTime: '2026-11-20 08:05:37', acceptStation: '已揽收' },
    ]);
  });

  it('keeps traces with an unreadable time after the dated ones, later ones first', () => {
    const traces = newestTracesFirst([
      { acceptTime: '昨天', acceptStation: 'a' },
      { acceptTime: '2026-11-21 10:00:00', acceptStation: 'b' },
      { acceptTime: '', acceptStation: 'c' },
    ]);
    expect(traces.map((t) => t.acceptStation)).toEqual(['b', 'c', 'a']);
  });

  it('keeps the courier order of traces at the same second, later listed first', () => {
    const traces = newestTracesFirst([
      { acceptTime: '2026-11-21 10:00:00', acceptStation: 'first' },
      { acceptTime: '2026-11-21 10:00:00', acceptStation: 'second' },
    ]);
    expect(traces.map((t) => t.acceptStation)).toEqual(['second', 'first']);
  });
});

describe('orderAuditProblem', () => {
  it.each<[string, Partial<OrderState>, string | null]>([
    ['a paid order not yet audited', {}, null],
    ['cash on delivery, unpaid', { payType: 2, payStatus: 0 }, null],
    ['nothing to pay by money (points or strips)', { needPay: 0, payStatus: 0 }, null],
    ['a cancelled order', { orderStatus: 0 }, LOGISTICS_MESSAGES.cancelled],
    ['an unpaid online order', { payStatus: 0 }, LOGISTICS_MESSAGES.unpaid],
    ['a refunding order', { payStatus: 5 }, LOGISTICS_MESSAGES.refunds],
    ['a refunded order', { payStatus: 3 }, LOGISTICS_MESSAGES.refunds],
    ['an audited order', { auditStatus: 1 }, LOGISTICS_MESSAGES.alreadyAudited],
    ['a failed audit', { auditStatus: 2 }, LOGISTICS_MESSAGES.alreadyAudited],
    ['a sent order', { sendStatus: 1, auditStatus: 1 }, LOGISTICS_MESSAGES.alreadySent],
  ])('%s', (_, change, problem) => {
    expect(orderAuditProblem({ ...paid, ...change })).toBe(problem);
  });
});

describe('orderShipProblem', () => {
  it.each<[string, Partial<OrderState>, string | null]>([
    ['an audited mailed order', { auditStatus: 1 }, null],
    ['not audited yet', {}, LOGISTICS_MESSAGES.auditNotPassed],
    ['a failed audit', { auditStatus: 2 }, LOGISTICS_MESSAGES.auditNotPassed],
    ['a pickup order', { auditStatus: 1, receiveType: 1 }, LOGISTICS_MESSAGES.pickup],
    ['a sent order', { auditStatus: 1, sendStatus: 1 }, LOGISTICS_MESSAGES.alreadySent],
    ['a cancelled order', { auditStatus: 1, orderStatus: 0 }, LOGISTICS_MESSAGES.cancelled],
    ['a refunded order', { auditStatus: 1, payStatus: 3 }, LOGISTICS_MESSAGES.refunds],
  ])('%s', (_, change, problem) => {
    expect(orderShipProblem({ ...paid, ...change })).toBe(problem);
  });
});

describe('orderSignProblem', () => {
  it.each<[string, Partial<OrderState>, string | null]>([
    ['a sent order', { sendStatus: 1 }, null],
    ['not sent', {}, LOGISTICS_MESSAGES.notSent],
    ['signed already', { sendStatus: 1, asignStatus: 1 }, LOGISTICS_MESSAGES.alreadyMarked],
    ['refused already', { sendStatus: 1, asignStatus: 2 }, LOGISTICS_MESSAGES.alreadyMarked],
    ['sent, then refunding', { sendStatus: 1, payStatus: 5 }, LOGISTICS_MESSAGES.refunds],
    ['sent, then refunded', { sendStatus: 1, payStatus: 3 }, LOGISTICS_MESSAGES.refunds],
    ['sent, a refund failed (still the customer’s)', { sendStatus: 1, payStatus: 4 }, null],
  ])('%s', (_, change, problem) => {
    expect(orderSignProblem({ ...paid, ...change })).toBe(problem);
    expect(orderSignProblem({ ...paid, ...change }, 'refused')).toBe(problem);
  });

  it.each<[string, Partial<OrderState>, 'signed' | 'refused', string | null]>([
    ['a paid pickup order is collected without shipping', {}, 'signed', null],
    ['a points-only pickup order (nothing to pay)', { payStatus: 0, needPay: 0 }, 'signed', null],
    ['a pickup order cannot be refused', {}, 'refused', LOGISTICS_MESSAGES.pickupRefused],
    ['an unpaid pickup order', { payStatus: 0 }, 'signed', LOGISTICS_MESSAGES.unpaid],
    ['a cancelled pickup order', { orderStatus: 0 }, 'signed', LOGISTICS_MESSAGES.cancelled],
    ['a refunded pickup order', { payStatus: 3 }, 'signed', LOGISTICS_MESSAGES.refunds],
    ['a pickup order failed by the audit', { auditStatus: 2 }, 'signed', LOGISTICS_MESSAGES.auditNotPassed],
    ['a collected pickup order', { sendStatus: 1, asignStatus: 1 }, 'signed', LOGISTICS_MESSAGES.alreadyMarked],
  ])('%s', (_, change, outcome, problem) => {
    expect(orderSignProblem({ ...paid, receiveType: 1, ...change }, outcome)).toBe(problem);
  });
});

describe('salesReportDays', () => {
  it('lists every China day of the range, both ends included', () => {
    expect(salesReportDays('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(salesReportDays('2026-11-27', '2026-11-27')).toEqual(['2026-11-27']);
  });

  it('refuses a reversed, impossible or too long range', () => {
    expect(salesReportDays('2026-11-27', '2026-11-26')).toBeNull();
    expect(salesReportDays('2026-02-30', '2026-03-02')).toBeNull();
    expect(salesReportDays('2026-1-1', '2026-03-02')).toBeNull();
    expect(salesReportDays('2025-01-01', '2026-01-01')).toHaveLength(SALES_REPORT_MAX_DAYS);
    expect(salesReportDays('2025-01-01', '2026-01-02')).toBeNull();
  });
});

describe('the sales report', () => {
  const sale = (change: Partial<SaleOrder>): SaleOrder => ({
    payType: 1,
    payStatus: 1,
    orderStatus: 1,
    needPay: 1,
    day: '2026-11-26',
    goodsId: 1,
    goodsName: '血糖试纸',
    number: 1,
    payAmount: 5000,
    refundCents: 0,
    scoreAmount: 0,
    paperAmount: 0,
    ...change,
  });

  it.each<[string, Partial<SaleOrder>, boolean]>([
    ['paid online', {}, true],
    ['refunded after payment', { payStatus: 3, orderStatus: 0 }, true],
    ['unpaid online', { payStatus: 0 }, false],
    ['timed out unpaid', { payStatus: 0, orderStatus: 0 }, false],
    ['cash on delivery', { payType: 2, payStatus: 0 }, true],
    ['cash on delivery cancelled', { payType: 2, payStatus: 0, orderStatus: 0 }, false],
    ['paid by points only', { needPay: 0, payStatus: 0, payAmount: 0, scoreAmount: 500 }, true],
    ['paid by points, cancelled', { needPay: 0, payStatus: 0, orderStatus: 0 }, false],
  ])('counts an order %s: %s', (_, change, counted) => {
    expect(countsAsSale(sale(change))).toBe(counted);
  });

  const orders = [
    sale({}),
    sale({ number: 2, payAmount: 10000, refundCents: 3000, payStatus: 3 }),
    sale({ day: '2026-11-27', goodsId: 2, goodsName: '服务包', payAmount: 19900 }),
    sale({ day: '2026-11-27', goodsId: 3, goodsName: '积分换购', needPay: 0, payAmount: 0, scoreAmount: 800 }),
    sale({ day: '2026-11-27', payStatus: 0 }),
    sale({ day: '2026-11-29' }),
  ];

  it('by day: every day of the range, empty days as zeros, refunds apart', () => {
    const { rows, totals } = salesReport(orders, ['2026-11-26', '2026-11-27', '2026-11-28'], 'day');
    expect(
      rows.map((r) => [r.key, r.orders, r.quantity, r.salesCents, r.refundCents, r.netCents, r.scoreAmount]),
    ).toEqual([
      ['2026-11-26', 2, 3, 15000, 3000, 12000, 0],
      ['2026-11-27', 2, 2, 19900, 0, 19900, 800],
      ['2026-11-28', 0, 0, 0, 0, 0, 0],
    ]);
    expect(totals).toMatchObject({ label: '合计', orders: 4, quantity: 5, salesCents: 34900, netCents: 31900 });
  });

  it('by goods: most money first, with the goods names', () => {
    const { rows } = salesReport(orders, ['2026-11-26', '2026-11-27'], 'goods');
    expect(rows.map((r) => [r.key, r.label, r.salesCents])).toEqual([
      ['2', '服务包', 19900],
      ['1', '血糖试纸', 15000],
      ['3', '积分换购', 0],
    ]);
  });
});
