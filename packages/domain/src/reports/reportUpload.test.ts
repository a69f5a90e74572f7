import { describe, expect, it } from 'vitest';
import {
  REPORT_GALLERY_ORDER,
  REPORT_TYPE_DICTIONARY,
  REPORT_UPLOAD_HELP,
  REPORTS_PER_TYPE,
  checkReportRoom,
  isReportTypeCode,
  reportGalleries,
  reportGroup,
  reportImageProblem,
  reportsInGroup,
  validateReportName,
  validateReportUpload,
} from './reportUpload';

describe('validateReportUpload', () => {
  it.each([
    [{ reportName: ' ', reportsOfType: 0 }, 'reportName', '请填写报告名'],
    [{ reportName: null, reportsOfType: 0 }, 'reportName', '请填写报告名'],
    [{ reportName: '血糖😀', reportsOfType: 0 }, 'reportName', '请不要输入表情'],
    [{ reportName: '一二三四五六七八九', reportsOfType: 0 }, 'reportName', '报告名称不能多余8个字符'],
    [{ reportName: 'abcdefghi', reportsOfType: 0 }, 'reportName', '报告名称不能多余8个字符'],
    [{ reportName: '血糖报告', reportsOfType: 50 }, 'typeCode', '暂时您只能上传50张报告'],
    [{ reportName: '血糖报告', reportsOfType: 51 }, 'typeCode', '暂时您只能上传50张报告'],
    [{ reportName: '血糖报告', typeCode: 0, reportsOfType: 0 }, 'typeCode', '请选择报告类型'],
    [{ reportName: '血糖报告', typeCode: 6, reportsOfType: 0 }, 'typeCode', '请选择报告类型'],
    [{ reportName: '', typeCode: null, reportsOfType: 50 }, 'typeCode', '请选择报告类型'],
    [{ reportName: '', typeCode: 1, reportsOfType: 50 }, 'reportName', '请填写报告名'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validateReportUpload(input)).toEqual({ ok: false, field, message });
  });

  it.each([
    [{ reportName: '一二三四五六七八', reportsOfType: 49 }],
    [{ reportName: '  一二三四五六七八  ', typeCode: 5, reportsOfType: 0 }],
    // Counted in characters, not UTF-16 units: 𠮷 (outside the basic plane) is one character.
    [{ reportName: '𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷', typeCode: 1, reportsOfType: 0 }],
  ])('accepts %j', (input) => {
    expect(validateReportUpload(input)).toEqual({ ok: true });
  });

  it('checks the name alone and the room alone', () => {
    expect(validateReportName('血脂')).toEqual({ ok: true });
    expect(validateReportName(undefined)).toMatchObject({ message: '请填写报告名' });
    expect(checkReportRoom(REPORTS_PER_TYPE - 1)).toEqual({ ok: true });
    expect(checkReportRoom(REPORTS_PER_TYPE)).toMatchObject({ ok: false, message: '暂时您只能上传50张报告' });
  });
});

describe('report types', () => {
  it.each([
    [1, 'bloodSugar'],
    [2, 'bloodPressure'],
    [3, 'bloodLipid'],
    [4, 'uricAcid'],
    [5, 'other'],
    [7, 'other'],
    [0, 'other'],
  ])('files typeCode %i under %s', (code, group) => {
    expect(reportGroup(code)).toBe(group);
  });

  it.each([
    [1, true],
    [5, true],
    [0, false],
    [6, false],
    ['1', false],
    [1.5, false],
    [null, false],
  ])('takes %j as an upload type: %s', (code, accepted) => {
    expect(isReportTypeCode(code)).toBe(accepted);
  });

  it('orders the galleries 血糖, 尿酸, 血脂, 血压, 其他 and seeds the dictionary that way', () => {
    expect(REPORT_GALLERY_ORDER).toEqual(['bloodSugar', 'uricAcid', 'bloodLipid', 'bloodPressure', 'other']);
    expect(REPORT_TYPE_DICTIONARY).toEqual([
      { itemKey: '1', itemValue: '血糖' },
      { itemKey: '4', itemValue: '尿酸' },
      { itemKey: '3', itemValue: '血脂' },
      { itemKey: '2', itemValue: '血压' },
      { itemKey: '5', itemValue: '其他' },
    ]);
  });

  it('groups reports into every gallery, keeping their order, and counts a group', () => {
    const reports = [
      { reportId: 'a', typeCode: 2 },
      { reportId: 'b', typeCode: 1 },
      { reportId: 'c', typeCode: 9 },
      { reportId: 'd', typeCode: 1 },
      { reportId: 'e', typeCode: 5 },
    ];
    const galleries = reportGalleries(reports);
    expect(galleries.map((g) => [g.label, g.typeCode, g.reports.map((r) => r.reportId).join('')])).toEqual([
      ['血糖', 1, 'bd'],
      ['尿酸', 4, ''],
      ['血脂', 3, ''],
      ['血压', 2, 'a'],
      ['其他', 5, 'ce'],
    ]);
    expect(reportsInGroup(reports, 1)).toBe(2);
    expect(reportsInGroup(reports, 5)).toBe(2);
    expect(reportsInGroup(reports, 3)).toBe(0);
  });
});

describe('reportImageProblem', () => {
  const MB = 1024 * 1024;
  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/jpeg', size: 10 * MB - 1 }, null],
    [{ type: 'image/jpeg', size: 10 * MB }, '报告图片需小于10MB'],
    [{ type: 'image/gif', size: 1000 }, '报告图片只支持jpg、png格式'],
    [{ type: 'image/webp', size: 20 * MB }, '报告图片只支持jpg、png格式'],
    [{ type: '', size: 10 }, '报告图片只支持jpg、png格式'],
  ])('finds %j: %s', (file, problem) => {
    expect(reportImageProblem(file)).toBe(problem);
  });
});

describe('the help text', () => {
  it('states the enforced limit of 50 and never the 10 of the old text', () => {
    const text = REPORT_UPLOAD_HELP.join('\n');
    expect(text).toContain('最多保存50张');
    expect(text).toContain('最多8个字');
    expect(text).not.toMatch(/最多(保存)?10张/);
  });
});
