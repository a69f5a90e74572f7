/*
 * The demo patient's coupons (issue 21, spec 3 §2.7, §3; docs/adr/0183-coupons-templates-and-holdings.md):
 * three templates made by demo.operator and held by the patient, so 我的优惠券 and the order form's
 * chooser can be tried after `npm start`: 新人专享立减10元 on all goods and 血糖仪专享立减20元 on the
 * 4G meter (both valid 90 days from the seed time), and 国庆健康关怀券 that has already ended.
 * Names and values are invented for the demo. Demo data only (never with NODE_ENV=production);
 * seeded once, after the demo mall.
 */
import type { EntityManager } from '@mikro-orm/core';
import { startOfChinaDay } from '@glucoguard/domain';
import { Staff } from '../contexts/identity/staff/staff.entity';
import { Goods } from '../contexts/commerce/goods/goods.entity';
import { CouponTemplate, CustomerCoupon } from '../contexts/commerce/coupon/coupon.entity';
import { seedForDemoPatient, type DemoSeedOptions } from './demo';

const DAY = 86_400_000;

/** The demo coupons: value in cents, validity in days from the seed day (end day included). */
export const demoCoupons = [
  { name: '新人专享立减10元', valueCents: 1000, fromDay: 0, toDay: 89, goodsCode: null },
  { name: '血糖仪专享立减20元', valueCents: 2000, fromDay: 0, toDay: 89, goodsCode: 'G-METER-4G' },
  { name: '国庆健康关怀券', valueCents: 500, fromDay: -60, toDay: -30, goodsCode: null },
] as const;

export async function seedDemoCoupons(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  await seedForDemoPatient(em, options, 'demo-coupons', async (tx, patient) => {
    const operator = await tx.findOne(Staff, { username: 'demo.operator' });
    if (!operator || (await tx.count(CustomerCoupon, { customerId: patient.id })) > 0) {
      return;
    }
    const today = startOfChinaDay(options.now).getTime();
    for (const c of demoCoupons) {
      const goods = c.goodsCode ? await tx.findOne(Goods, { goodsCode: c.goodsCode }) : null;
      if (c.goodsCode && !goods) {
        continue;
      }
      const template = tx.create(CouponTemplate, {
        name: c.name,
        valueCents: c.valueCents,
        startAt: new Date(today + c.fromDay * DAY),
        endAt: new Date(today + (c.toDay + 1) * DAY - 1000),
        rangeType: goods ? 'goods' : 'all',
        goodsIds: goods ? [String(goods.id)] : [],
        createdBy: operator.id,
        createdAt: new Date(today + c.fromDay * DAY),
      });
      await tx.flush();
      tx.create(CustomerCoupon, {
        templateId: template.id,
        customerId: patient.id,
        reservedAt: null,
        usedOrderId: null,
        usedAt: null,
        issuedAt: template.createdAt,
      });
    }
    await tx.flush();
  });
}
