import { describe, expect, it } from 'vitest';
import { KETONE_REFERENCE_BELOW, URIC_ACID_REFERENCE_AT_MOST, labGuide } from './labGuide';

describe('labGuide', () => {
  it('explains ketone: what it is, its reference range and that it is entered by hand', () => {
    const guide = labGuide('ketone');
    expect(guide.what).toContain('酮体');
    expect(guide.range).toBe('参考范围：血酮低于 0.6 mmol/L 为正常；达到 0.6 mmol/L 及以上请及时联系医生。');
    expect(guide.how).toBe('目前可绑定的血糖仪、血压计都不测量血酮。用血酮仪或试纸测量后，点右下角的“+”手动记录。');
  });

  it('explains uric acid with its own unit and reference', () => {
    const guide = labGuide('uricAcid');
    expect(guide.range).toContain(`${URIC_ACID_REFERENCE_AT_MOST} μmol/L`);
    expect(guide.how).toContain('都不测量尿酸');
    expect(KETONE_REFERENCE_BELOW).toBe(0.6);
  });
});
