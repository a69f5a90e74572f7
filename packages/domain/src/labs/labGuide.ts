import { DEVICE_KINDS, deviceKindOf } from '../devices/deviceBinding';
import { METER_KINDS } from '../devices/meter';
import type { LabKind } from './ketoneUricAcid';
import { LAB_TEXTS } from './labels';

/**
 * Blood ketone (β-hydroxybutyrate) below this, in mmol/L, is normal; at or above it the user is
 * told to contact a doctor. The common clinical cut-off (ADA Standards of Care; 中国2型糖尿病防治指南).
 * It explains, it does not colour: the list's colours keep the spec's bands (`ketoneBand`).
 */
export const KETONE_REFERENCE_BELOW = 0.6;

/**
 * Serum uric acid above this, in μmol/L, on two fasting days, is hyperuricaemia (中国高尿酸血症与痛风
 * 诊疗指南 2019). Explains only, like {@link KETONE_REFERENCE_BELOW}.
 */
export const URIC_ACID_REFERENCE_AT_MOST = 420;

/** What an empty ketone or uric acid view explains under its empty text: what it is, its reference range, how readings arrive. */
export type LabGuide = { readonly what: string; readonly range: string; readonly how: string };

/** The meters this product binds, by name (血糖仪、血压计): none of them measures ketone or uric acid. */
function meterNames(): string {
  return METER_KINDS.map(
    (kind) => DEVICE_KINDS.find((k) => k.deviceKind === deviceKindOf(kind))?.kindName ?? kind,
  ).join('、');
}

/**
 * The words of an empty ketone or uric acid view. Readings arrive only by hand: the meters we bind
 * (`METER_KINDS`) send glucose and pressure, so the text names them and points at the add button.
 */
export function labGuide(kind: LabKind): LabGuide {
  const { name, unit } = LAB_TEXTS[kind];
  const how = `目前可绑定的${meterNames()}都不测量${name}。用${name}仪或试纸测量后，点右下角的“+”手动记录。`;
  return kind === 'ketone'
    ? {
        what: '血酮反映身体分解脂肪产生酮体的多少。血糖持续偏高，或有恶心、呕吐、腹痛、乏力时测一次血酮，有助于及早发现糖尿病酮症。',
        range: `参考范围：血酮低于 ${KETONE_REFERENCE_BELOW} ${unit} 为正常；达到 ${KETONE_REFERENCE_BELOW} ${unit} 及以上请及时联系医生。`,
        how,
      }
    : {
        what: '尿酸是身体代谢嘌呤的产物。尿酸长期偏高容易引起痛风，也会损伤肾脏。',
        range: `参考范围：血尿酸不超过 ${URIC_ACID_REFERENCE_AT_MOST} ${unit}；不同日两次空腹测量都超过这个值，即为高尿酸血症。`,
        how,
      };
}
