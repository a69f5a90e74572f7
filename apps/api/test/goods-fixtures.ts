// The goods fixture shared by the mall's integration tests (orders, refunds, the auto-cancel job,
// data plans): a goods row written the way the console saves one, money in cents.
import { Goods } from '../src/contexts/commerce/goods/goods.entity';
import type { TestApi } from './harness';

let made = 0;

/**
 * A goods row on sale in the seed's first container and category: ¥59.90 plus ¥8 postage, 10 in
 * stock, at most 5 an order, mail or pickup, online payment or cash on delivery. `over` changes any
 * field; the code is unique in the database.
 */
export async function goodsRow(api: TestApi, over: Partial<Goods> = {}): Promise<Goods> {
  made += 1;
  const em = api.app.orm.em.fork();
  const row = em.create(Goods, {
    goodsCode: `T${process.pid}${Math.random().toString(36).slice(2, 10)}`,
    goodsName: `测试商品${made}`,
    remark: '测试用商品',
    status: 1,
    goodsUrl: 'goods/a.png',
    iconUrl: 'goods/icon.png,goods/icon2.png',
    goodsDetailImgUrl: '',
    adUrl: '',
    adHrefUrl: '',
    salesMode: 'rmb',
    goodsValue: 5990,
    postage: 800,
    originPrice: 0,
    scoreValue: 0,
    originScore: 0,
    maxUsableScore: 0,
    paperValue: 0,
    maximum: 5,
    stock: 10,
    receiveType: '0,1',
    payType: '1,2',
    rechargePackage: 0,
    servicePackage: 0,
    packageMonths: 0,
    packageGoodsIds: '',
    containerId: 1,
    categoryId: 1,
    hot: 0,
    recommend: 0,
    sort: 0,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  });
  await em.flush();
  return row;
}
