import { describe, expect, it } from 'vitest';
import { mgdlToMmol, mmolToMgdl } from './units';

describe('mg/dL and mmol/L', () => {
  it('converts mmol/L to mg/dL with 18.016', () => {
    expect(mmolToMgdl(10)).toBeCloseTo(180.16, 10);
  });

  it('converts back the same way', () => {
    expect(mgdlToMmol(180.16)).toBeCloseTo(10, 10);
  });
});
