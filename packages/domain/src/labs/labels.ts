/** The Chinese texts of labs: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */

/** Shown when saving a ketone record without a value (the save is still sent). */
export const KETONE_EMPTY_MESSAGE = '请输入血酮值!';

/** Shown when saving a uric acid record without a value (the save is still sent). */
export const URIC_ACID_EMPTY_MESSAGE = '请输入尿酸值!';

/** Shown after a ketone or uric acid record is saved. */
export const LAB_SAVED_MESSAGE = '保存成功!';

/**
 * The words of the ketone and uric acid views: name, unit and the table's and chart's empty
 * states. Ketone is shown in mmol/L (the unit the API stores; the original form's μmol/L label
 * applies to uric acid only, see docs/adr/0059-lab-readings-and-weight.md).
 */
export const LAB_TEXTS = {
  ketone: { name: '血酮', unit: 'mmol/L', tableEmpty: '暂无血酮数据', chartEmpty: '无血酮测试数据' },
  uricAcid: { name: '尿酸', unit: 'μmol/L', tableEmpty: '暂无尿酸数据', chartEmpty: '无尿酸测试数据' },
} as const;
