// The service policy of /servicePolicy (spec 3 §2.8): five clauses (scope, proof, service method,
// 24-hour quick handling, out-of-warranty charges) following the constants of spec 3 §9, the
// brand's repair-progress hotline and the customer-service hours. This is the text each brand shows
// until staff save their own in the console; the seed stores it (docs/adr/0195-after-sales-catalogue.md).
import {
  BRAND_HOTLINES,
  REPLACEMENT_WITHIN_DAYS,
  SOURCE_ID,
  customerServiceHoursLabel,
  type Brand,
} from '@glucoguard/domain';

/** Spec 3 §9: the swap happens within this many hours of receiving the returned unit. */
const SWAP_WITHIN_HOURS = 24;
/** Spec 3 §9: without valid proof, the warranty counts from the factory date plus this many months. */
const PROOFLESS_EXTRA_MONTHS = 1;

export interface PolicyText {
  clauses: { title: string; body: string }[];
  hotline: string;
  serviceHours: string;
}

const CLAUSES: PolicyText['clauses'] = [
  {
    title: '保修范围',
    body:
      '在正常使用条件下，因产品本身质量问题（非人为损坏）出现的故障，在保修期内可享受免费维修。' +
      '因摔落、进水、私自拆机、使用非原装配件或不按说明书操作造成的损坏，不在免费保修范围内。',
  },
  {
    title: '保修凭证',
    body:
      '保修期自购买签收之日起计算，请妥善保存购物发票、电子订单截图或其他有效购买凭证。' +
      `无法提供有效凭证的，保修期自产品出厂日期后${PROOFLESS_EXTRA_MONTHS}个月起计算。手写收据无效，不能作为购买凭证。`,
  },
  {
    title: '服务方式',
    body:
      '您可以在“故障报修”中填写报修单并上传购买凭证和故障照片，也可以前往授权门店或拨打服务热线。' +
      '客服确认后会告知寄修地址，维修进度可在“我的报修”中随时查看。',
  },
  {
    title: '24小时快速处理',
    body:
      `签收之日起${REPLACEMENT_WITHIN_DAYS}天内出现非人为性能故障，可免费更换同型号新机。` +
      `我们在收到您寄回的产品后${SWAP_WITHIN_HOURS}小时内完成换机并寄出，遇节假日顺延至工作日。`,
  },
  {
    title: '保外收费',
    body:
      '超出保修期或不属于免费保修范围的，可以付费维修：只收取更换配件的成本费用，维修前会先告知您费用，' +
      '经您同意后再维修。不维修的，产品原样寄回。',
  },
];

/** The default policy of the brand of `sourceId` (3 the health brand, anything else the medical one). */
export function defaultPolicy(brand: Brand): PolicyText {
  return {
    clauses: CLAUSES.map((c) => ({ ...c })),
    hotline: BRAND_HOTLINES[brand],
    serviceHours: customerServiceHoursLabel(),
  };
}

/** The two brands' source ids, in order. */
export const POLICY_SOURCE_IDS = [SOURCE_ID.health, SOURCE_ID.medical] as const;
