import { describe, expect, it } from 'vitest';
import { DOCTOR_ROLE_TYPES, doctorKeywordKind, doctorModifyType, doctorRoleLabel } from './doctor';

describe('doctor picker rules', () => {
  it('names the two roles', () => {
    expect(DOCTOR_ROLE_TYPES.map((role) => role.label)).toEqual(['医生', '教育护士']);
    expect(doctorRoleLabel(1)).toBe('医生');
    expect(doctorRoleLabel(2)).toBe('教育护士');
    expect(doctorRoleLabel(7)).toBe('医生');
  });

  it.each([
    ['none', '1'],
    ['chosen', '1'],
    ['invite', '0'],
  ] as const)('a doctor link of %s gives modifyType %s', (link, modifyType) => {
    expect(doctorModifyType(link)).toBe(modifyType);
  });

  it.each([
    ['', null],
    ['   ', null],
    [null, null],
    ['王', 'name'],
    ['138', 'name'],
    ['8000', 'phone'],
    [' 13800138000 ', 'phone'],
    ['王1380', 'name'],
  ] as const)('reads the keyword %j as a %s search', (keyword, kind) => {
    expect(doctorKeywordKind(keyword)).toBe(kind);
  });
});
