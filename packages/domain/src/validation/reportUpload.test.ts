import { describe, expect, it } from 'vitest';
import { reportGroup, validateReportUpload } from './reportUpload';

describe('validateReportUpload', () => {
  it.each([
    [{ reportName: ' ', reportsOfType: 0 }, 'reportName', '请填写报告名'],
    [{ reportName: '血糖😀', reportsOfType: 0 }, 'reportName', '请不要输入表情'],
    [{ reportName: '一二三四五六七八九', reportsOfType: 0 }, 'reportName', '报告名称不能多余8个字符'],
    [{ reportName: '血糖报告', reportsOfType: 50 }, 'typeCode', '暂时您只能上传50张报告'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validateReportUpload(input)).toEqual({ ok: false, field, message });
  });

  it('accepts an 8-character name with 49 reports of the type', () => {
    expect(validateReportUpload({ reportName: '一二三四五六七八', reportsOfType: 49 })).toEqual({ ok: true });
  });

  it.each([
    [1, 'bloodSugar'],
    [2, 'bloodPressure'],
    [3, 'bloodLipid'],
    [4, 'uricAcid'],
    [7, 'other'],
  ])('files typeCode %i under %s', (code, group) => {
    expect(reportGroup(code)).toBe(group);
  });
});
