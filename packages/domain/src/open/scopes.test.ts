import { describe, expect, it } from 'vitest';
import {
  describeScopes,
  isS256Challenge,
  OPEN_SCOPES,
  OPEN_SCOPE_TEXTS,
  parseScopeText,
  patientMayGrant,
  scopeText,
} from './scopes';

describe('open scopes', () => {
  it('has a Chinese consent text for every scope', () => {
    for (const scope of OPEN_SCOPES) {
      expect(OPEN_SCOPE_TEXTS[scope]).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(OPEN_SCOPE_TEXTS['readings.read']).toBe('读取您的血糖、血压、体重等测量记录');
  });

  it('reads a scope parameter in any order, once each, in the table order', () => {
    expect(parseScopeText('profile.read  readings.read profile.read')).toEqual({
      ok: true,
      scopes: ['readings.read', 'profile.read'],
    });
    expect(parseScopeText('')).toEqual({ ok: true, scopes: [] });
  });

  it('names unknown scopes', () => {
    expect(parseScopeText('readings.read openid openid')).toEqual({ ok: false, unknown: ['openid'] });
  });

  it('never lets a patient grant devices.provision', () => {
    expect(patientMayGrant('devices.provision')).toBe(false);
    expect(patientMayGrant('patient/Observation.read')).toBe(true);
  });

  it('writes and describes scopes in the table order, dropping unknown ones', () => {
    expect(scopeText(['reports.read', 'readings.write', 'nope'])).toBe('readings.write reports.read');
    expect(describeScopes(['profile.read'])).toEqual([
      { scope: 'profile.read', text: OPEN_SCOPE_TEXTS['profile.read'] },
    ]);
  });

  it('checks S256 challenges by their RFC 7636 shape', () => {
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM=')).toBe(false);
  });
});
