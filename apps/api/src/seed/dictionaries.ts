import { REPORT_TYPE_DICTIONARY } from '@glucoguard/domain';
import type { DictionaryEntry } from '../contexts/platform/dictionary/dictionary.repository';

/**
 * The code-to-label dictionaries the registration and profile forms offer (spec 1 §3). Codes the
 * spec fixes: sex 1 male / 2 female; diabetes type 1 healthy, 2 type 1, 3 type 2, then gestational;
 * blood-pressure type 1 not hypertensive. The remaining labels are ours
 * (docs/adr/0003-one-request-style-and-the-envelope.md).
 */
const DICTIONARIES: Record<string, string[][]> = {
  sex: [
    ['1', '男'],
    ['2', '女'],
  ],
  diabetes_type: [
    ['1', '健康（无糖尿病）'],
    ['2', '1型糖尿病'],
    ['3', '2型糖尿病'],
    ['4', '妊娠糖尿病'],
    ['5', '其他类型糖尿病'],
    ['6', '糖尿病前期'],
  ],
  bloodPressure_type: [
    ['1', '无高血压'],
    ['2', '原发性高血压'],
    ['3', '继发性高血压'],
    ['4', '不清楚'],
  ],
  // The medicine catalogue and prescriptions (spec 3 §3; docs/adr/0138-pharmacies-and-the-medicine-catalogue.md).
  rx_category: [
    ['1', '处方药'],
    ['2', '甲类非处方药'],
    ['3', '乙类非处方药'],
  ],
  medicine_usaged: [
    ['1', '口服'],
    ['2', '皮下注射'],
    ['3', '舌下含服'],
    ['4', '嚼服'],
    ['5', '外用'],
    ['6', '其他'],
  ],
  medicine_rate: [
    ['1', '每日一次'],
    ['2', '每日两次'],
    ['3', '每日三次'],
    ['4', '每日四次'],
    ['5', '每晚一次'],
    ['6', '每周一次'],
    ['7', '必要时'],
  ],
  // Uploaded report types in the gallery's order, from the domain (spec 2 §3, §7).
  report_type: REPORT_TYPE_DICTIONARY.map(({ itemKey, itemValue }) => [itemKey, itemValue]),
};

export const dictionaryEntries: DictionaryEntry[] = Object.entries(DICTIONARIES).flatMap(([typeCode, items]) =>
  items.map(([itemKey = '', itemValue = ''], sort) => ({ typeCode, itemKey, itemValue, sort })),
);
