import { describe, expect, it } from 'vitest';
import {
  atLimitMessage,
  isPatientInfoComplete,
  toggleAllergyOption,
  validateAllergyHistory,
  validateChatText,
  validateConsultDescription,
  validateIllness,
  validatePatientInfo,
} from './consultForm';

describe('consultation forms', () => {
  it.each([
    [validateConsultDescription({ desc: '' }), 'desc', '请输入咨询内容'],
    [validateConsultDescription({ desc: '字'.repeat(301) }), 'desc', '咨询内容不能超过300个字符'],
    [
      validateConsultDescription({ desc: '头晕', images: Array.from({ length: 10 }, String) }),
      'imgList',
      '最多只能上传9张图片',
    ],
    [validateIllness({ desc: ' ' }), 'desc', '请输入病情描述'],
    [validateIllness({ desc: '字'.repeat(101) }), 'desc', '病情描述不能超过100个字符'],
    [validateIllness({ desc: '头晕', images: Array.from({ length: 10 }, String) }), 'imgList', '最多只能上传9张图片'],
    [validateAllergyHistory({ options: [] }), 'allergicHistory', '请选择过敏史'],
    [validateAllergyHistory({ options: [5], detail: '' }), 'allergicHistoryDetail', '请输入详细过敏史'],
    [validateChatText({ text: '你好', status: 0 }), 'status', '咨询已结束'],
    [validateChatText({ text: '  ', status: 2 }), 'text', '请输入内容'],
    [validateChatText({ text: '字'.repeat(501), status: 2 }), 'text', '消息不能超过500个字符'],
  ])('rejects with field %s and %s', (result, field, message) => {
    expect(result).toEqual({ ok: false, field, message });
  });

  it('accepts the limits', () => {
    expect(validateConsultDescription({ desc: '字'.repeat(300), images: Array.from({ length: 9 }, String) })).toEqual({
      ok: true,
    });
    expect(validateIllness({ desc: '字'.repeat(100) })).toEqual({ ok: true });
    expect(validateAllergyHistory({ options: [5], detail: '青霉素' })).toEqual({ ok: true });
    expect(validateChatText({ text: '字'.repeat(500), status: 2 })).toEqual({ ok: true });
  });
});

describe('toggleAllergyOption', () => {
  it.each([
    [[], 4, [4]],
    [[4], 6, [4, 6]],
    [[4, 6], 1, [1]],
    [[1], 4, [4]],
    [[2], 5, [5]],
    [[4, 6], 4, [6]],
  ])('from %j choosing %i gives %j', (selected, option, result) => {
    expect(toggleAllergyOption(selected, option)).toEqual(result);
  });
});

describe('validatePatientInfo', () => {
  const ok = { idCard: '11010519491231002X', sex: 2, patientName: '张三', birthday: '1949-12-31', national: '汉族' };

  it.each([
    [{ idCard: '' }, 'idCard', '所有选项均为必填项'],
    [{ national: null }, 'national', '所有选项均为必填项'],
    [{ patientName: '张😀' }, 'patientName', '请不要输入表情'],
    [{ idCard: '110105194912310021' }, 'idCard', '请输入正确的身份证号'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validatePatientInfo({ ...ok, ...over })).toEqual({ ok: false, field, message });
  });

  it('accepts a complete form', () => {
    expect(validatePatientInfo(ok)).toEqual({ ok: true });
  });
});

describe('isPatientInfoComplete', () => {
  const complete = {
    patientName: '李秀兰',
    idCard: '11010519491231002X',
    sex: 2,
    birthday: '1949-12-31',
    national: '01',
  };

  it('is true when the five fields are there and the ID number is valid', () => {
    expect(isPatientInfoComplete(complete)).toBe(true);
  });

  it.each([
    ['a missing name', { ...complete, patientName: ' ' }],
    ['a missing ethnic group', { ...complete, national: null }],
    ['a missing sex', { ...complete, sex: null }],
    ['an invalid ID number', { ...complete, idCard: '110105194912310021' }],
  ])('is false with %s', (_name, input) => {
    expect(isPatientInfoComplete(input)).toBe(false);
  });
});

describe('atLimitMessage', () => {
  it("names the field and its limit (the submit page's toast at 300)", () => {
    expect(atLimitMessage('咨询内容', 300)).toBe('咨询内容最多输入300个字');
  });
});
