import { describe, expect, it } from 'vitest';
import {
  canChooseDoctor,
  clearHiddenHealthFields,
  healthOptionMessage,
  healthRecordInput,
  healthRecordVisibility,
  idCardConsistency,
  numericOrCleared,
  validateHealthRecord,
  validateHealthRecordFields,
} from './healthRecord';
import type { HealthRecordFields, HealthRecordInput } from './healthRecord';

describe('validateHealthRecord', () => {
  const ok: HealthRecordInput = {
    patientName: '张三',
    address: '朝阳区建国路1号',
    emergencyPhone: '13800138000',
    idCard: '11010519491231002X',
    height: 170,
    weight: 65,
  };

  it.each([
    [{ patientName: '' }, 'patientName', '请输入姓名'],
    [{ patientName: '张三😀' }, 'patientName', '请不要输入表情'],
    [{ patientName: '一二三四五六七八九十一' }, 'patientName', '姓名应少于10个字'],
    [{ address: '路'.repeat(51) }, 'address', '家庭详细地址应少于50个字'],
    [{ emergencyPhone: '12345' }, 'emergencyPhone', '请填写正确的紧急联系人电话'],
    [{ idCard: '110105194912310021' }, 'idCard', '请输入正确的身份证号'],
    [{ height: 19 }, 'height', '身高应在20~240cm之间'],
    [{ height: 241 }, 'height', '身高应在20~240cm之间'],
    [{ height: 'abc' }, 'height', '身高应在20~240cm之间'],
    [{ weight: 4.9 }, 'weight', '体重应在5~200Kg之间'],
    [{ weight: 201 }, 'weight', '体重应在5~200Kg之间'],
    [{ smoking: 'quit', smokingRemark: '' }, 'smokingRemark', '请填写戒烟前吸烟情况'],
    [{ smoking: 'quit', smokingRemark: '字'.repeat(51) }, 'smokingRemark', '戒烟前吸烟情况不能超过50个字符'],
    [{ smoking: 'smoking', smokingDaily: 0 }, 'smokingDaily', '请填写每日吸烟数量'],
    [{ smoking: 'smoking', smokingDaily: 999 }, 'smokingDaily', '请填写每日吸烟数量'],
    [{ drinking: 'drinks', drinkingType: '', drinkingDaily: 100 }, 'drinkingDaily', '请填饮酒类型和饮酒量'],
    [{ drinking: 'drinks', drinkingType: '白酒', drinkingDaily: 9999 }, 'drinkingDaily', '请填饮酒类型和饮酒量'],
    [{ complications: ['0'], complicationsRemark: ' ' }, 'complicationsRemark', '请填写其他糖尿病并发症'],
    [
      { complications: [0], complicationsRemark: '字'.repeat(21) },
      'complicationsRemark',
      '其他糖尿病并发症不能超过20个字符',
    ],
    [{ treatmentTypeStr: '字'.repeat(201) }, 'treatmentTypeStr', '治疗方式不能超过200个字符'],
  ] as const)('rejects %j on %s with %s', (over, field, message) => {
    expect(validateHealthRecord({ ...ok, ...over }, { nameSaved: false })).toEqual({ ok: false, field, message });
  });

  it('accepts the limits themselves', () => {
    const edge: HealthRecordInput = {
      ...ok,
      patientName: '一二三四五六七八九',
      height: 20,
      weight: 200,
      smoking: 'smoking',
      smokingDaily: 998,
      drinking: 'drinks',
      drinkingType: '白酒',
      drinkingDaily: 9998,
      complications: ['0', '2'],
      complicationsRemark: '字'.repeat(20),
    };
    expect(validateHealthRecord(edge, { nameSaved: false })).toEqual({ ok: true });
  });

  it('leaves optional fields unchecked when empty and the saved name alone', () => {
    expect(validateHealthRecord({ smoking: 'other', drinking: 'never' }, { nameSaved: true })).toEqual({ ok: true });
  });
});

describe('health record helpers', () => {
  it('shows the dependent fields for the current choices', () => {
    expect(healthRecordVisibility({ smoking: 'quit', drinking: 'drinks', complications: [0] })).toEqual({
      smokingRemark: true,
      smokingDaily: false,
      drinkingDetails: true,
      complicationsRemark: true,
    });
    expect(healthRecordVisibility({ smoking: null, drinking: null })).toEqual({
      smokingRemark: false,
      smokingDaily: false,
      drinkingDetails: false,
      complicationsRemark: false,
    });
  });

  it('lets the doctor be chosen only with modifyType 1', () => {
    expect(canChooseDoctor('1')).toBe(true);
    expect(canChooseDoctor(0)).toBe(false);
  });

  it('clears non-numeric height and weight', () => {
    expect(numericOrCleared('170')).toBe(170);
    expect(numericOrCleared('abc')).toBeNull();
    expect(numericOrCleared('')).toBeNull();
  });
});

describe('validateHealthRecordFields', () => {
  // 2026-11-20 10:00 China time.
  const now = new Date('2026-11-20T02:00:00Z');
  const record: HealthRecordFields = {
    patientName: '张三',
    idCard: '11010519491231002X',
    birthday: '1949-12-31',
    sex: 2,
    maritalStatus: '2',
    job: '7',
    emergencyContact: '张小三',
    emergencyPhone: '13800138000',
    address: '建国路1号',
    ensureDate: '2010-05-01',
    height: 160,
    weight: 55.5,
    complications: ['1', '0'],
    complicationsRemark: '白内障',
    bloodPressureEnsureDate: '2026-11-20',
    treatmentTypeStr: '饮食控制、胰岛素',
    labourIntensity: '1',
    exerciseFrequency: '3',
    sleepStatus: '2',
    peacetimeEmotion: '1',
    foodHabit: '2',
    smokingStatus: '3',
    smokingRemark: '每天一包，十年',
    drinkingStatus: '2',
    drinkingType: '3',
    drinkingDaily: 100,
  };

  it('accepts a whole record', () => {
    expect(validateHealthRecordFields(record, { savedName: null, now })).toEqual({ ok: true });
    expect(validateHealthRecordFields(record, { savedName: '张三', now })).toEqual({ ok: true });
    expect(validateHealthRecordFields({}, { savedName: '张三', now })).toEqual({ ok: true });
  });

  it.each([
    [{ patientName: '李四' }, '张三', 'patientName', '姓名保存后不能修改'],
    [{ patientName: null }, '张三', 'patientName', '姓名保存后不能修改'],
    [{ patientName: '' }, null, 'patientName', '请输入姓名'],
    [{ smokingStatus: '2', smokingDaily: 0 }, null, 'smokingDaily', '请填写每日吸烟数量'],
    [{ smokingStatus: '3', smokingRemark: '' }, null, 'smokingRemark', '请填写戒烟前吸烟情况'],
    [{ drinkingStatus: '4', drinkingType: null }, null, 'drinkingDaily', '请填饮酒类型和饮酒量'],
    [{ complications: ['0'], complicationsRemark: null }, null, 'complicationsRemark', '请填写其他糖尿病并发症'],
    [{ emergencyContact: '张😀' }, null, 'emergencyContact', '请不要输入表情'],
    [{ emergencyContact: '名'.repeat(21) }, null, 'emergencyContact', '紧急联系人不能超过20个字符'],
    [{ idCard: null, birthday: '1899-12-31' }, null, 'birthday', '请选择1900-01-01至今天之间的出生日期'],
    [{ idCard: null, birthday: '2026-11-21' }, null, 'birthday', '请选择1900-01-01至今天之间的出生日期'],
    [{ ensureDate: '2026-13-01' }, null, 'ensureDate', '请选择1900-01-01至今天之间的糖尿病确诊日期'],
    [
      { bloodPressureEnsureDate: '2026-11-21' },
      null,
      'bloodPressureEnsureDate',
      '请选择1900-01-01至今天之间的高血压确诊日期',
    ],
    [{ birthday: '1949-12-30' }, null, 'birthday', '出生日期与身份证号不一致'],
    [{ sex: 1 }, null, 'sex', '性别与身份证号不一致'],
    [{ maritalStatus: '9' }, null, 'maritalStatus', '请选择正确的婚姻状况'],
    [{ foodHabit: 'x' }, null, 'foodHabit', '请选择正确的饮食习惯'],
    [{ smokingStatus: '7' }, null, 'smokingStatus', '请选择正确的吸烟情况'],
    [{ complications: ['1', '8'] }, null, 'complications', '请选择正确的糖尿病并发症'],
    [{ drinkingType: '9' }, null, 'drinkingType', '请选择正确的饮酒类型'],
  ] as const)('refuses %j (saved name %j) on %s with %s', (over, savedName, field, message) => {
    expect(validateHealthRecordFields({ ...record, ...over }, { savedName, now })).toEqual({
      ok: false,
      field,
      message,
    });
  });

  it('does not check the drinking type of someone who does not drink', () => {
    expect(
      validateHealthRecordFields({ ...record, drinkingStatus: '1', drinkingType: '9' }, { savedName: null, now }),
    ).toEqual({ ok: true });
  });

  it('words an unknown list code with the list’s name', () => {
    expect(healthOptionMessage('job')).toBe('请选择正确的职业');
  });
});

describe('idCardConsistency', () => {
  it.each([
    [{ idCard: '11010519491231002X', birthday: '1949-12-31', sex: 2 }, undefined],
    [{ idCard: '11010519491231002X', birthday: null, sex: null }, undefined],
    [{ idCard: '110101800101031', birthday: '1980-01-01', sex: 1 }, undefined],
    [{ idCard: '110101800101031', birthday: '1980-01-01', sex: 2 }, '性别与身份证号不一致'],
    [{ idCard: '110105194912310021', birthday: '2000-01-01', sex: 1 }, undefined],
    [{ idCard: '', birthday: '2000-01-01', sex: 1 }, undefined],
  ] as const)('%j → %j', (fields, message) => {
    const result = idCardConsistency(fields);
    expect(result === undefined ? undefined : !result.ok && result.message).toBe(message);
  });
});

describe('dependent fields of the record', () => {
  it('reads smoking and drinking codes by meaning', () => {
    expect(healthRecordInput({ smokingStatus: '2', drinkingStatus: '1', complications: ['0'] })).toMatchObject({
      smoking: 'smoking',
      drinking: 'never',
      complications: ['0'],
    });
  });

  it.each([
    [
      { smokingStatus: '1', smokingDaily: 5, smokingRemark: 'x' },
      { smokingStatus: '1', smokingDaily: null, smokingRemark: null },
    ],
    [
      { smokingStatus: '2', smokingDaily: 5, smokingRemark: 'x' },
      { smokingStatus: '2', smokingDaily: 5, smokingRemark: null },
    ],
    [
      { smokingStatus: '3', smokingDaily: 5, smokingRemark: 'x' },
      { smokingStatus: '3', smokingDaily: null, smokingRemark: 'x' },
    ],
    [
      { drinkingStatus: '1', drinkingType: '1', drinkingDaily: 50 },
      { drinkingStatus: '1', drinkingType: null, drinkingDaily: null },
    ],
    [
      { drinkingStatus: null, drinkingType: '1', drinkingDaily: 50 },
      { drinkingStatus: null, drinkingType: null, drinkingDaily: null },
    ],
    [
      { drinkingStatus: '3', drinkingType: '1', drinkingDaily: 50 },
      { drinkingStatus: '3', drinkingType: '1', drinkingDaily: 50 },
    ],
    [
      { complications: ['1'], complicationsRemark: 'x' },
      { complications: ['1'], complicationsRemark: null },
    ],
    [
      { complications: ['0'], complicationsRemark: 'x' },
      { complications: ['0'], complicationsRemark: 'x' },
    ],
  ] as const)('keeps only the shown answers of %j', (fields, expected) => {
    expect(clearHiddenHealthFields(fields)).toMatchObject(expected);
  });
});
