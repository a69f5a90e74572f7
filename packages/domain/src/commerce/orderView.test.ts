import { describe, expect, it } from 'vitest';
import { ORDER_SCREEN_TEXTS, canTrackOrder, orderCostText, receiveTypeText } from './orderView';

describe('orderCostText', () => {
  it.each([
    ['rmb', 1990, 0, 0, '¥19.90'],
    ['rmb with a points deduction', 990, 500, 0, '¥9.90+500积分'],
    ['rmb made free by a coupon', 0, 0, 0, '¥0.00'],
    ['score', 0, 500, 0, '500积分'],
    ['score with postage', 800, 500, 0, '¥8.00+500积分'],
    ['paper', 0, 0, 50, '50条试纸'],
    ['rmb,score', 990, 200, 0, '¥9.90+200积分'],
  ])('%s', (label, payAmount, scoreAmount, paperAmount, expected) => {
    const salesMode = label.startsWith('rmb,score') ? 'rmb,score' : label.split(' ')[0]!;
    expect(orderCostText({ salesMode, payAmount, scoreAmount, paperAmount })).toBe(expected);
  });
});

describe('canTrackOrder', () => {
  const shipped = {
    payType: 1,
    payStatus: 1,
    orderStatus: 1,
    sendStatus: 1,
    auditStatus: 1,
    needPay: 1,
    receiveType: 0,
  };
  it.each([
    ['sent physical goods', shipped, 'physical', true],
    ['a sent service package (nothing is carried)', shipped, 'virtual', false],
    ['not sent yet', { ...shipped, sendStatus: 0 }, 'physical', false],
    ['picked up', { ...shipped, receiveType: 1 }, 'physical', false],
    ['cash on delivery, unpaid', { ...shipped, payType: 2, payStatus: 0 }, 'physical', true],
    ['online, unpaid', { ...shipped, payStatus: 0 }, 'physical', false],
  ])('%s: %s', (_name, order, goodsType, expected) => {
    expect(canTrackOrder({ ...order, associcateGoods: [{ goodsType }] })).toBe(expected);
  });

  it('is false for an order without items', () => {
    expect(canTrackOrder({ ...shipped, associcateGoods: [] })).toBe(false);
  });
});

describe('receiveTypeText', () => {
  it('reads the API value: 1 pickup, anything else mail', () => {
    expect(receiveTypeText(1)).toBe(ORDER_SCREEN_TEXTS.pickup);
    expect(receiveTypeText(0)).toBe(ORDER_SCREEN_TEXTS.mail);
    expect(receiveTypeText(null)).toBe(ORDER_SCREEN_TEXTS.mail);
  });
});
