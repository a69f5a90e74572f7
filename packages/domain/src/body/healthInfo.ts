/**
 * The health record's choices (spec 2 §2.12, §3 "Health record"): the option lists behind its
 * chips, the meaning of the smoking and drinking codes that show or hide dependent fields, the
 * treatment-method text of the /treatment picker (the doctor picker's rules are in care/doctor.ts).
 * The spec fixes only the 'other' complication key (0); every other key and label is ours
 * (docs/adr/0064-health-record-shares-the-profile.md).
 */

/** One choice of a health-record list, in the shape of the dictionaries (`itemKey` / `itemValue`). */
export type HealthOption = { readonly itemKey: string; readonly itemValue: string };

const options = (...pairs: readonly (readonly [string, string])[]): readonly HealthOption[] =>
  Object.freeze(pairs.map(([itemKey, itemValue]) => Object.freeze({ itemKey, itemValue })));

/** Smoking codes; 'quit' asks for the former habit, 'smoking' for the daily count. */
export const SMOKING_STATUS = { never: '1', smoking: '2', quit: '3', passive: '4' } as const;
/** Drinking codes; every choice but 'never' asks for the type and the daily amount. */
export const DRINKING_STATUS = { never: '1', sometimes: '2', often: '3', daily: '4' } as const;

/** The option lists of the health record, by the record's field names. */
export const HEALTH_INFO_OPTIONS = Object.freeze({
  maritalStatus: options(['1', '未婚'], ['2', '已婚'], ['3', '离异'], ['4', '丧偶']),
  job: options(
    ['1', '机关/事业单位'],
    ['2', '企业职员'],
    ['3', '工人'],
    ['4', '农民'],
    ['5', '个体/自由职业'],
    ['6', '学生'],
    ['7', '离退休'],
    ['8', '无业'],
    ['9', '其他'],
  ),
  complications: options(
    ['1', '糖尿病肾病'],
    ['2', '糖尿病视网膜病变'],
    ['3', '糖尿病周围神经病变'],
    ['4', '糖尿病足'],
    ['5', '心脑血管疾病'],
    ['6', '下肢动脉病变'],
    ['0', '其他'],
  ),
  treatmentType: options(
    ['1', '饮食控制'],
    ['2', '运动治疗'],
    ['3', '口服降糖药'],
    ['4', '胰岛素'],
    ['5', 'GLP-1受体激动剂'],
    ['6', '口服降压药'],
    ['7', '中医中药'],
  ),
  labourIntensity: options(['1', '轻体力劳动'], ['2', '中体力劳动'], ['3', '重体力劳动'], ['4', '不从事劳动']),
  exerciseFrequency: options(
    ['1', '从不运动'],
    ['2', '偶尔运动'],
    ['3', '每周1~2次'],
    ['4', '每周3~5次'],
    ['5', '每天运动'],
  ),
  sleepStatus: options(['1', '良好'], ['2', '一般'], ['3', '入睡困难'], ['4', '易醒多梦'], ['5', '失眠']),
  peacetimeEmotion: options(['1', '平稳乐观'], ['2', '容易焦虑'], ['3', '容易急躁'], ['4', '情绪低落']),
  foodHabit: options(
    ['1', '清淡均衡'],
    ['2', '偏咸'],
    ['3', '偏油腻'],
    ['4', '偏甜'],
    ['5', '荤食为主'],
    ['6', '素食为主'],
  ),
  smokingStatus: options(
    [SMOKING_STATUS.never, '从不吸烟'],
    [SMOKING_STATUS.smoking, '吸烟'],
    [SMOKING_STATUS.quit, '已戒烟'],
    [SMOKING_STATUS.passive, '被动吸烟'],
  ),
  drinkingStatus: options(
    [DRINKING_STATUS.never, '从不饮酒'],
    [DRINKING_STATUS.sometimes, '偶尔饮酒'],
    [DRINKING_STATUS.often, '经常饮酒'],
    [DRINKING_STATUS.daily, '每天饮酒'],
  ),
  drinkingType: options(['1', '白酒'], ['2', '啤酒'], ['3', '葡萄酒'], ['4', '黄酒'], ['5', '其他']),
});

/** A field of the health record that takes its value from a list. */
export type HealthOptionField = keyof typeof HEALTH_INFO_OPTIONS;

/** Whether `key` is one of the field's options. */
export function isHealthOption(field: HealthOptionField, key: string | number | null | undefined): boolean {
  return (
    key !== null && key !== undefined && HEALTH_INFO_OPTIONS[field].some((option) => option.itemKey === String(key))
  );
}

/** The label of an option, or undefined for an unknown key. */
export function healthOptionLabel(
  field: HealthOptionField,
  key: string | number | null | undefined,
): string | undefined {
  return key === null || key === undefined
    ? undefined
    : HEALTH_INFO_OPTIONS[field].find((option) => option.itemKey === String(key))?.itemValue;
}

/** What a smoking code means for the form: the daily count for smokers, the former habit for quitters. */
export function smokingChoice(code: string | null | undefined): 'smoking' | 'quit' | 'other' | null {
  if (code === null || code === undefined || code === '') {
    return null;
  }
  if (code === SMOKING_STATUS.smoking) {
    return 'smoking';
  }
  return code === SMOKING_STATUS.quit ? 'quit' : 'other';
}

/** What a drinking code means for the form: blank or never hides the type and amount. */
export function drinkingChoice(code: string | null | undefined): 'never' | 'drinks' | null {
  if (code === null || code === undefined || code === '') {
    return null;
  }
  return code === DRINKING_STATUS.never ? 'never' : 'drinks';
}

/** Between the chosen treatment methods in `treatmentTypeStr`. */
export const TREATMENT_SEPARATOR = '、';

/**
 * The treatment text of the /treatment picker: the chosen methods in list order, then the user's own
 * words, joined by 、 (the record keeps one text, at most 200 characters).
 */
export function composeTreatment(chosen: readonly string[], other: string | null | undefined): string {
  const labels = HEALTH_INFO_OPTIONS.treatmentType
    .map((option) => option.itemValue)
    .filter((label) => chosen.includes(label));
  const own = (other ?? '').trim();
  return [...labels, ...(own === '' ? [] : [own])].join(TREATMENT_SEPARATOR);
}

/** Reads a treatment text back into the picker: the known methods, and everything else as the user's own words. */
export function splitTreatment(text: string | null | undefined): {
  readonly chosen: readonly string[];
  readonly other: string;
} {
  const known = new Set(HEALTH_INFO_OPTIONS.treatmentType.map((option) => option.itemValue));
  const chosen: string[] = [];
  const rest: string[] = [];
  for (const part of (text ?? '').split(TREATMENT_SEPARATOR)) {
    const trimmed = part.trim();
    if (known.has(trimmed) && !chosen.includes(trimmed)) {
      chosen.push(trimmed);
    } else if (trimmed !== '') {
      rest.push(trimmed);
    }
  }
  return { chosen, other: rest.join(TREATMENT_SEPARATOR) };
}
