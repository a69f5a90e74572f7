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
  // Find a doctor (spec 3 §3): the doctor's level; item keys are what doctor.professionalLevel holds.
  professional_level: [
    ['1', '主任医师'],
    ['2', '副主任医师'],
    ['3', '主治医师'],
    ['4', '住院医师'],
  ],
  // The 56 ethnic groups by their national standard codes (GB/T 3304), for the patient information form.
  nation: [
    ['01', '汉族'],
    ['02', '蒙古族'],
    ['03', '回族'],
    ['04', '藏族'],
    ['05', '维吾尔族'],
    ['06', '苗族'],
    ['07', '彝族'],
    ['08', '壮族'],
    ['09', '布依族'],
    ['10', '朝鲜族'],
    ['11', '满族'],
    ['12', '侗族'],
    ['13', '瑶族'],
    ['14', '白族'],
    ['15', '土家族'],
    ['16', '哈尼族'],
    ['17', '哈萨克族'],
    ['18', '傣族'],
    ['19', '黎族'],
    ['20', '傈僳族'],
    ['21', '佤族'],
    ['22', '畲族'],
    ['23', '高山族'],
    ['24', '拉祜族'],
    ['25', '水族'],
    ['26', '东乡族'],
    ['27', '纳西族'],
    ['28', '景颇族'],
    ['29', '柯尔克孜族'],
    ['30', '土族'],
    ['31', '达斡尔族'],
    ['32', '仫佬族'],
    ['33', '羌族'],
    ['34', '布朗族'],
    ['35', '撒拉族'],
    ['36', '毛南族'],
    ['37', '仡佬族'],
    ['38', '锡伯族'],
    ['39', '阿昌族'],
    ['40', '普米族'],
    ['41', '塔吉克族'],
    ['42', '怒族'],
    ['43', '乌孜别克族'],
    ['44', '俄罗斯族'],
    ['45', '鄂温克族'],
    ['46', '德昂族'],
    ['47', '保安族'],
    ['48', '裕固族'],
    ['49', '京族'],
    ['50', '塔塔尔族'],
    ['51', '独龙族'],
    ['52', '鄂伦春族'],
    ['53', '赫哲族'],
    ['54', '门巴族'],
    ['55', '珞巴族'],
    ['56', '基诺族'],
    ['97', '其他'],
  ],
  // Allergy history of the prescription intake: 1, 2, 3 and 5 stand alone (consultForm.ts), 5 needs a detail.
  allergic_history: [
    ['1', '无过敏史'],
    ['2', '不清楚'],
    ['3', '有过敏史，记不清过敏药物'],
    ['4', '青霉素类'],
    ['5', '其他（请填写详情）'],
    ['6', '头孢菌素类'],
    ['7', '磺胺类'],
    ['8', '阿司匹林等解热镇痛药'],
    ['9', '碘造影剂'],
  ],
  // Uploaded report types in the gallery's order, from the domain (spec 2 §3, §7).
  report_type: REPORT_TYPE_DICTIONARY.map(({ itemKey, itemValue }) => [itemKey, itemValue]),
};

export const dictionaryEntries: DictionaryEntry[] = Object.entries(DICTIONARIES).flatMap(([typeCode, items]) =>
  items.map(([itemKey = '', itemValue = ''], sort) => ({ typeCode, itemKey, itemValue, sort })),
);
