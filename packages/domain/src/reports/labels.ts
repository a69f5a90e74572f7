/** The Chinese texts of reports: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */
import type { ReportType } from './reports';
import type { ReportGroup } from './reportUpload';

/** Words of medicine-dose advice; no report text may contain any of them. */
export const MEDICATION_ADVICE_WORDS = [
  '剂量',
  '加量',
  '减量',
  '增量',
  '停药',
  '换药',
  '调药',
  '加药',
  '减药',
  '调整用药',
  '调整药物',
  '增加用药',
  '减少用药',
  '毫克',
  'mg',
  '单位胰岛素',
] as const;

/** A current or future period: the list shows this and the entry does not open. */
export const REPORT_COMING_SOON_LABEL = '即将生成';

/** The API's answer (and the list's toast) for a period whose report does not exist yet. */
export const REPORT_COMING_SOON_MESSAGE = '报告尚未生成，敬请期待';

/** The report types by code: 1 blood sugar, 2 blood pressure. */
export const REPORT_TYPE_NAMES: Readonly<Record<ReportType, string>> = Object.freeze({ 1: '血糖', 2: '血压' });

/** Shown at the end of every report. */
export const REPORT_DISCLAIMER =
  '本报告根据您记录的测量数据自动生成，仅供日常健康管理参考，不能代替医生的诊断和治疗。用药请遵医嘱；如读数持续异常或身体不适，请及时就医。';

/** The label of each group, as the dictionary `report_type` names the codes. */
export const REPORT_TYPE_LABELS: Readonly<Record<ReportGroup, string>> = Object.freeze({
  bloodSugar: '血糖',
  bloodPressure: '血压',
  bloodLipid: '血脂',
  uricAcid: '尿酸',
  other: '其他',
});

/** Report upload messages, in the spec's words (including its 多余 for 多于) where it gives them. */
export const REPORT_UPLOAD_MESSAGES = {
  nameRequired: '请填写报告名',
  nameTooLong: '报告名称不能多余8个字符',
  typeFull: '暂时您只能上传50张报告',
  // The spec gives no words for the rest; ours, in its style.
  typeRequired: '请选择报告类型',
  imageRequired: '请选择报告图片',
  badFormat: '报告图片只支持jpg、png格式',
  tooLarge: '报告图片需小于10MB',
  previewTooLarge: '报告预览图需小于1MB',
  deleted: '本条数据已被删除',
  deleteConfirm: '确定删除这张报告吗？',
  uploaded: '上传成功',
  deletedDone: '删除成功',
} as const;
