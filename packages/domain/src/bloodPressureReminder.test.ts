import { describe, expect, it } from 'vitest';
import { bloodPressureReminder } from './bloodPressure';

describe('bloodPressureReminder', () => {
  it.each(['low', 'normal', 'high'] as const)('gives a tip for %s without naming a medicine', (level) => {
    expect(bloodPressureReminder(level)).not.toMatch(/药|剂量|毫克/);
  });

  it('asks to re-measure after rest when the pressure is high', () => {
    expect(bloodPressureReminder('high')).toContain('复测');
  });
});
