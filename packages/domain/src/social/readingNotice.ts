/*
 * The notice a relative gets when a patient who granted them records a reading: what the notice
 * says. It states the reading and suggests contacting the patient; it never gives medical advice.
 * Which readings are urgent is a rule of each kind (`isUrgentSugar` in glucose,
 * `isUrgentBloodPressure` in pressure).
 */
import type { BpLevel } from '../pressure/bloodPressure';
import { BP_LEVEL_LABELS } from '../pressure/labels';
import { SUGAR_TIME_TYPES, formatSugar, isUrgentSugar, type SugarLevel } from '../glucose/sugar';
import { SUGAR_LEVEL_LABELS } from '../glucose/labels';

/** A reading as a notice describes it. */
export type NoticeReading =
  | {
      readonly kind: 'bloodSugar';
      readonly sugar: number;
      readonly timeType: number;
      readonly level: SugarLevel | null;
      readonly time: string;
      /** The relative who entered the reading for the patient, when one did. */
      readonly recorder?: string | null;
    }
  | {
      readonly kind: 'bloodPressure';
      readonly sbp: number;
      readonly dbp: number;
      readonly hr: number;
      readonly level: BpLevel | null;
      readonly urgent: boolean;
      readonly time: string;
      /** The relative who entered the reading for the patient, when one did. */
      readonly recorder?: string | null;
    };

/** A notice's texts: a short title and one sentence. */
export type ReadingNoticeText = { readonly urgent: boolean; readonly title: string; readonly text: string };

/**
 * Who entered a reading for its patient, as the feed and the notices say it:
 * `由亲友 张丽 代为记录`, or `由我代为记录` to the relative who entered it. A reading the patient
 * entered, or their meter sent, says nothing (null recorder).
 */
export function readingRecorderNote(recorder: string, byViewer = false): string {
  return byViewer ? '由我代为记录' : `由亲友 ${recorder.trim() || '亲友'} 代为记录`;
}

/** The confirmation after a relative saved a reading for a patient: whose data it now is, `已为「张*国」保存`. */
export function savedForMessage(patientName: string): string {
  return `已为「${patientName.trim() || '亲友'}」保存`;
}

/** The notice text's ending for a reading a relative entered: `（由亲友 张丽 代为记录）`, else nothing. */
function recorderClause(reading: NoticeReading): string {
  return reading.recorder ? `（${readingRecorderNote(reading.recorder)}）` : '';
}

/**
 * The notice for a reading of `name` (the relative's note for the patient, else the nickname);
 * `time` is the China wall-clock time as shown (e.g. `11-20 08:00`).
 */
export function readingNoticeText(name: string, reading: NoticeReading): ReadingNoticeText {
  if (reading.kind === 'bloodSugar') {
    const urgent = isUrgentSugar(reading.level);
    const slot = SUGAR_TIME_TYPES.find((t) => t.timeType === reading.timeType)?.name ?? '';
    const label = reading.level ? SUGAR_LEVEL_LABELS[reading.level] : '';
    const value = `${slot}血糖${formatSugar(reading.sugar)}mmol/L`;
    return urgent
      ? {
          urgent,
          title: `紧急提醒：${name}血糖${label}`,
          text: `${name}在${reading.time}测得${value}，${label}，请尽快与其联系。${recorderClause(reading)}`,
        }
      : {
          urgent,
          title: `${name}测量了血糖`,
          text: `${name}在${reading.time}测得${value}${label ? `，${label}` : ''}。${recorderClause(reading)}`,
        };
  }
  const urgent = reading.urgent;
  const label = urgent ? '严重偏高' : reading.level ? BP_LEVEL_LABELS[reading.level] : '';
  const value = `血压${reading.sbp}/${reading.dbp}mmHg，脉搏${reading.hr}次/分`;
  return urgent
    ? {
        urgent,
        title: `紧急提醒：${name}血压${label}`,
        text: `${name}在${reading.time}测得${value}，${label}，请尽快与其联系。${recorderClause(reading)}`,
      }
    : {
        urgent,
        title: `${name}测量了血压`,
        text: `${name}在${reading.time}测得${value}${label ? `，${label}` : ''}。${recorderClause(reading)}`,
      };
}

/**
 * The fields of the messaging app's reading template, each within the template's limits: the
 * person (≤ 20 characters), the item measured, the value with its unit, the result (≤ 5) and the
 * time (`YYYY-MM-DD HH:mm`, China time).
 */
export type ReadingPushFields = {
  readonly name: string;
  readonly item: string;
  readonly value: string;
  readonly result: string;
  readonly time: string;
};

/** The template fields of a reading notice for `name`; `time` as the template wants it. */
export function readingPushFields(name: string, reading: NoticeReading): ReadingPushFields {
  const shortName = Array.from(name).slice(0, 20).join('');
  if (reading.kind === 'bloodSugar') {
    const slot = SUGAR_TIME_TYPES.find((t) => t.timeType === reading.timeType)?.name ?? '';
    return {
      name: shortName,
      item: `${slot}血糖`,
      value: `${formatSugar(reading.sugar)}mmol/L`,
      result: reading.level ? SUGAR_LEVEL_LABELS[reading.level] : '已记录',
      time: reading.time,
    };
  }
  const result = reading.urgent ? '严重偏高' : reading.level ? BP_LEVEL_LABELS[reading.level] : '已记录';
  return { name: shortName, item: '血压', value: `${reading.sbp}/${reading.dbp}mmHg`, result, time: reading.time };
}
