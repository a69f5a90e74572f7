import { describe, expect, it } from 'vitest';
import { canChooseDoctor, healthRecordVisibility, numericOrCleared, validateHealthRecord } from './healthRecord';
import type { HealthRecordInput } from './healthRecord';

describe('validateHealthRecord', () => {
  const ok: HealthRecordInput = { patientName: '张三', address: '朝阳区建国路1号', emergencyPhone: '13800138000', idCard: '11010519491231002X', height: 170, weight: 65 };

  it.each([
    [{ patientName: '' }, 'patientName', '请输入姓名'],
    [{ patientName: '张三😀' }, 'patientName', '请不要输入表情'],
    [{ patientName: '一二三四五六七八九十' }, 'patientName', '姓名应少于10个字'],
    [{ address: '路'.repeat(50) }, 'address', '家庭详细地址应少于50个字'],
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
    [{ complications: [0], complicationsRemark: '字'.repeat(21) }, 'complicationsRemark', '其他糖尿病并发症不能超过20个字符'],
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
    expect(healthRecordVisibility({ smoking: 'quit', drinking: 'drinks', complications: [0] })).toEqual({ smokingRemark: true, smokingDaily: false, drinkingDetails: true, complicationsRemark: true });
    expect(healthRecordVisibility({ smoking: null, drinking: null })).toEqual({ smokingRemark: false, smokingDaily: false, drinkingDetails: false, complicationsRemark: false });
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
