/*
 * The demo patient's after-sales history, so 我的产品, 服务进度 (/faultServiceList) and the console's
 * 保修登记 and 报修处理 have something to show right after `npm start`: the demo glucose meter's
 * warranty (bought about five months ago, so 在保), a repair request of a G1 meter that 赵运营
 * (demo.operator) took through assign, result and completion five weeks ago, and one filed two days
 * ago that is still waiting in the queue. No photos (they are private uploads) and no notices or
 * template messages (the demo's notices stay as other screens expect them). Demo data only (never
 * with NODE_ENV=production); seeded once, when the demo patient has neither warranties nor repairs.
 */
import type { EntityManager } from '@mikro-orm/core';
import { chinaDateKey, makeUpkeepCode } from '@glucoguard/domain';
import { Staff } from '../contexts/identity/staff/staff.entity';
import { ProductCategory, ProductModel } from '../contexts/after-sales/catalogue/catalogue.entity';
import { WarrantyRecord } from '../contexts/after-sales/warranty/warranty.entity';
import { RepairRequest, RepairStep } from '../contexts/after-sales/repair/repair.entity';
import { seedForDemoPatient, type DemoSeedOptions } from './demo';
import { demoMeters } from './demoMeters';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The China day `days` before `now`, at the China time `hhmm` (office hours, as a real request is filed). */
const chinaDayAt = (now: number, days: number, hhmm: string) =>
  new Date(`${chinaDateKey(new Date(now - days * DAY))}T${hhmm}:00+08:00`);

/** A fixed tail per request, so the demo's 服务编码 read the same on every installation. */
const fixedTail = (letters: number[]) => {
  let i = 0;
  return () => letters[i++ % letters.length]!;
};

export async function seedDemoAfterSales(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  await seedForDemoPatient(em, options, 'demo-after-sales', async (tx, patient) => {
    const operator = await tx.findOne(Staff, { username: 'demo.operator' });
    const category = await tx.findOne(ProductCategory, { code: 'cat-meter' });
    const model = await tx.findOne(ProductModel, { code: 'model-g1' });
    const meter = demoMeters.find((m) => m.kind === 'glucose');
    // The demo patient's phone is left out when another account held it first: then nothing is seeded.
    if (!patient.registeredAt || !patient.phone || !operator || !category || !model || !meter) {
      return;
    }
    const customerId = patient.id;
    if ((await tx.count(WarrantyRecord, { customerId })) + (await tx.count(RepairRequest, { customerId })) > 0) {
      return;
    }
    const now = options.now.getTime();
    const phone = patient.phone;
    const purchased = chinaDateKey(new Date(now - 150 * DAY));
    tx.create(WarrantyRecord, {
      customerId,
      productId: model.id,
      deviceImei: meter.imei,
      phone,
      orderDate: purchased,
      createdAt: chinaDayAt(now, 149, '19:05'),
    });

    const base = {
      customerId,
      name: patient.nickname || '张建国',
      phone,
      address: '北京市朝阳区建国路88号3单元502',
      categoryId: category.id,
      categoryName: category.name,
      productId: model.id,
      productName: model.name,
      purchaseDate: purchased,
      batchNo: '',
      deviceImei: meter.imei,
    };
    const filed = chinaDayAt(now, 36, '10:20');
    const assigned = new Date(filed.getTime() + 3 * HOUR);
    const answered = new Date(filed.getTime() + 26 * HOUR);
    const completed = new Date(filed.getTime() + 4 * DAY);
    const result =
      '经检测为试纸插口接触不良，已免费更换插口组件并校准，寄回快递单号已短信告知。请使用原装试纸，测量前擦干手指。';
    const done = tx.create(RepairRequest, {
      ...base,
      upkeepCode: makeUpkeepCode(filed, fixedTail([7, 19, 3, 24, 11])),
      malfunctionContent: '插入试纸后屏幕经常不亮，要拔插好几次才能开始测量。',
      status: 1,
      remark: result,
      assigneeId: operator.id,
      assigneeName: operator.displayName,
      createdAt: filed,
      updatedAt: completed,
      completedAt: completed,
    });
    const waitingSince = chinaDayAt(now, 2, '15:40');
    tx.create(RepairRequest, {
      ...base,
      upkeepCode: makeUpkeepCode(waitingSince, fixedTail([14, 2, 27, 9, 20])),
      malfunctionContent: '测完后数据没有自动上传，家里人手机上看不到，信号格显示正常。',
      status: 0,
      remark: '',
      assigneeId: null,
      assigneeName: null,
      createdAt: waitingSince,
      updatedAt: waitingSince,
      completedAt: null,
    });
    await tx.flush();
    const step = (kind: string, text: string, createdAt: Date) =>
      tx.create(RepairStep, {
        repairId: done.id,
        kind,
        staffId: operator.id,
        staffName: operator.displayName,
        text,
        createdAt,
      });
    step('assign', operator.displayName, assigned);
    step('result', result, answered);
    step('complete', result, completed);
    await tx.flush();
  });
}
