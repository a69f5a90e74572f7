import { describe, expect, it } from 'vitest';
import { isConsultTab, patientText, serviceText, statusColour } from './consultText';

describe('the consultation texts', () => {
  it('writes the patient with what is known', () => {
    expect(patientText({ name: '王秀兰', sex: 2, age: 67 })).toBe('王秀兰 · 女 · 67岁');
    expect(patientText({ name: '', sex: 0, age: null })).toBe('患者');
  });

  it('names the service type, with the days of an interval service, unless the name says it already', () => {
    expect(serviceText({ serviceName: '单次图文咨询', sessionType: 1, serviceInterval: null }).type).toBe('');
    expect(serviceText({ serviceName: '图文问诊', sessionType: 1, serviceInterval: null }).type).toBe('单次图文咨询');
    expect(serviceText({ serviceName: '月度管理', sessionType: 2, serviceInterval: 30 }).type).toBe(
      '包时段咨询（30天）',
    );
  });

  it('knows its three tabs only', () => {
    expect(isConsultTab('waiting')).toBe(true);
    expect(isConsultTab('finished')).toBe(true);
    expect(isConsultTab('cancelled')).toBe(false);
    expect(isConsultTab(null)).toBe(false);
  });

  it('colours waiting, running and cancelled apart', () => {
    expect(new Set([3, 2, 4, 0].map(statusColour)).size).toBe(4);
  });
});
