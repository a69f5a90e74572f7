import { describe, expect, it } from 'vitest';
import {
  GOODS_MESSAGES,
  goodsBuyRefusal,
  goodsDraftProblem,
  isPackageGoods,
  isShelfNameOk,
  normalizedGoodsDraft,
  parseGoodsIdList,
  type GoodsDraft,
} from './goods';

const draft = (over: Partial<GoodsDraft> = {}): GoodsDraft => ({
  goodsName: '血糖试纸 50 条装',
  remark: '',
  salesMode: 'rmb',
  goodsValue: 5900,
  scoreValue: 0,
  paperValue: 0,
  maxUsableScore: 0,
  originPrice: 0,
  originScore: 0,
  rechargePackage: 0,
  servicePackage: 0,
  packageMonths: 0,
  packageGoodsIds: '',
  adHrefUrl: '',
  goodsUrl: 'uploads/273/a.png,uploads/273/b.png',
  iconUrl: 'uploads/273/a.png',
  goodsDetailImgUrl: '',
  adUrl: '',
  ...over,
});

describe('goodsDraftProblem', () => {
  it.each<[Partial<GoodsDraft>, string | null]>([
    [{}, null],
    [{ goodsName: '  ' }, GOODS_MESSAGES.name],
    [{ goodsName: '好物😀' }, GOODS_MESSAGES.name],
    [{ goodsName: '一'.repeat(61) }, GOODS_MESSAGES.name],
    [{ goodsName: '一'.repeat(60) }, null],
    [{ remark: '一'.repeat(101) }, GOODS_MESSAGES.remark],
    [{ goodsValue: 0 }, GOODS_MESSAGES.price],
    [{ salesMode: 'score', goodsValue: 0, scoreValue: 0 }, GOODS_MESSAGES.score],
    [{ salesMode: 'score', goodsValue: 0, scoreValue: 500 }, null],
    [{ salesMode: 'paper', goodsValue: 0 }, GOODS_MESSAGES.paper],
    [{ salesMode: 'paper', goodsValue: 0, paperValue: 50 }, null],
    [{ salesMode: 'rmb,score', scoreValue: 0 }, GOODS_MESSAGES.score],
    [{ salesMode: 'rmb,score', goodsValue: 0, scoreValue: 100 }, GOODS_MESSAGES.price],
    [{ salesMode: 'rmb,score', scoreValue: 100 }, null],
    [{ servicePackage: 1, rechargePackage: 1, packageMonths: 12 }, GOODS_MESSAGES.bothPackages],
    [{ servicePackage: 1, packageMonths: 0 }, GOODS_MESSAGES.packageMonths],
    [{ rechargePackage: 1, packageMonths: 61 }, GOODS_MESSAGES.packageMonths],
    [{ rechargePackage: 1, packageMonths: 12 }, null],
    [{ packageGoodsIds: '3,x' }, GOODS_MESSAGES.packageUnknown],
    [{ packageGoodsIds: Array.from({ length: 21 }, (_, i) => i + 1).join(',') }, GOODS_MESSAGES.packagesTooMany],
    [{ receiveType: '1', payType: '2' }, GOODS_MESSAGES.pickupCashOnDelivery],
    [{ receiveType: '0,1', payType: '2' }, null],
    [{ receiveType: '1', payType: '1,2' }, null],
    [{ adHrefUrl: '/mall/goodsDetail?goodsId=3' }, null],
    [{ adHrefUrl: 'https://example.com/a' }, null],
    [{ adHrefUrl: 'http://example.com/a' }, GOODS_MESSAGES.adHref],
    [{ adHrefUrl: '//evil.example.com' }, GOODS_MESSAGES.adHref],
    [{ adHrefUrl: 'javascript:alert(1)' }, GOODS_MESSAGES.adHref],
    [{ goodsUrl: 'uploads/a b.png' }, GOODS_MESSAGES.imagePath],
    [{ adUrl: '"><script>' }, GOODS_MESSAGES.imagePath],
  ])('%j → %s', (over, expected) => {
    expect(goodsDraftProblem(draft(over))).toBe(expected);
  });

  it('refuses a goods item listed among its own packages', () => {
    expect(goodsDraftProblem(draft({ packageGoodsIds: '4,7' }), 7)).toBe(GOODS_MESSAGES.packageSelf);
    expect(goodsDraftProblem(draft({ packageGoodsIds: '4,7' }), 8)).toBeNull();
  });
});

describe('normalizedGoodsDraft', () => {
  it('zeroes what the sales mode does not use and keeps months only for packages', () => {
    const stored = normalizedGoodsDraft(
      draft({
        salesMode: 'score',
        goodsName: ' 积分兑换 ',
        goodsValue: 100,
        originPrice: 200,
        scoreValue: 500,
        paperValue: 9,
        maxUsableScore: 50,
        packageMonths: 12,
        packageGoodsIds: ' 5, 3,5 ',
        goodsUrl: ' a.png , ,b.png',
      }),
    );
    expect(stored).toMatchObject({
      goodsName: '积分兑换',
      goodsValue: 0,
      originPrice: 0,
      scoreValue: 500,
      paperValue: 0,
      maxUsableScore: 0,
      packageMonths: 0,
      packageGoodsIds: '5,3',
      goodsUrl: 'a.png,b.png',
    });
  });

  it('keeps the deduction limit for rmb goods and the months of a package', () => {
    const stored = normalizedGoodsDraft(draft({ maxUsableScore: 500, servicePackage: 1, packageMonths: 12 }));
    expect(stored).toMatchObject({ maxUsableScore: 500, packageMonths: 12, goodsValue: 5900 });
  });
});

describe('parseGoodsIdList', () => {
  it.each<[string, number[] | null]>([
    ['', []],
    ['  ', []],
    ['3', [3]],
    ['3, 15', [3, 15]],
    ['0', null],
    ['3,', null],
    ['-1', null],
    ['99999999999', null],
  ])('%j → %j', (text, ids) => {
    expect(parseGoodsIdList(text)).toEqual(ids);
  });
});

describe('goodsBuyRefusal', () => {
  const onSale = { status: 1, stock: 3, maximum: 2 };
  it.each<[object, boolean, number, string | null]>([
    [onSale, true, 1, null],
    [onSale, false, 1, '请先注册'],
    [{ ...onSale, status: 0 }, true, 1, '商品已下架'],
    [{ ...onSale, stock: 0 }, true, 1, '库存不足'],
    [onSale, true, 4, '库存不足'],
    [onSale, true, 3, '不能再多啦~~'],
    [{ ...onSale, maximum: 0 }, true, 3, null],
  ])('%j registered %s × %i → %s', (goods, registered, number, message) => {
    expect(goodsBuyRefusal(goods as typeof onSale, { registered }, number)?.message ?? null).toBe(message);
  });
});

describe('isPackageGoods / isShelfNameOk', () => {
  it('knows a package by either flag', () => {
    expect(isPackageGoods({ servicePackage: 1, rechargePackage: 0 })).toBe(true);
    expect(isPackageGoods({ servicePackage: 0, rechargePackage: 1 })).toBe(true);
    expect(isPackageGoods({ servicePackage: 0, rechargePackage: 0 })).toBe(false);
  });
  it('takes 1 to max characters without emoji', () => {
    expect(isShelfNameOk('健康商城', 20)).toBe(true);
    expect(isShelfNameOk(' ', 20)).toBe(false);
    expect(isShelfNameOk('商城🛒', 20)).toBe(false);
    expect(isShelfNameOk('一'.repeat(11), 10)).toBe(false);
  });
});
