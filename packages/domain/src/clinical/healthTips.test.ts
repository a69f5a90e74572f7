import { describe, expect, it } from 'vitest';
import { SUGAR_LEVELS } from '../glucose/sugar';
import { CHECK_IN_TIPS, PRESSURE_TIPS, SUGAR_TIPS, checkInTip, pressureTip, sugarTip, tipOfTheDay } from './healthTips';

// China wall-clock noon of a November 2026 day.
const noon = (day: number) => Date.UTC(2026, 10, day, 4);

describe('tipOfTheDay', () => {
  it('keeps one tip through a China day and changes at China midnight', () => {
    const tips = ['a', 'b', 'c'];
    const morning = Date.UTC(2026, 10, 20, -8 + 0, 1); // 00:01 China time
    const night = Date.UTC(2026, 10, 20, -8 + 23, 59); // 23:59 China time
    expect(tipOfTheDay(tips, morning)).toBe(tipOfTheDay(tips, night));
    expect(tipOfTheDay(tips, night + 2 * 60_000)).not.toBe(tipOfTheDay(tips, night));
  });

  it('takes every tip in turn before repeating one', () => {
    const seen = Array.from({ length: CHECK_IN_TIPS.length }, (_, i) => checkInTip(noon(1) + i * 86_400_000));
    expect(new Set(seen).size).toBe(CHECK_IN_TIPS.length);
    expect(checkInTip(noon(1) + CHECK_IN_TIPS.length * 86_400_000)).toBe(seen[0]);
  });

  it('refuses an empty list', () => {
    expect(() => tipOfTheDay([], noon(1))).toThrow('at least one tip');
  });
});

describe('sugarTip and pressureTip', () => {
  it.each([...SUGAR_LEVELS, null] as const)('answers a tip written for the sugar level %s', (level) => {
    expect(SUGAR_TIPS[level ?? 'none']).toContain(sugarTip(level, noon(20)));
  });

  it.each(['low', 'normal', 'high', null] as const)('answers a tip written for the pressure level %s', (level) => {
    expect(PRESSURE_TIPS[level ?? 'none']).toContain(pressureTip(level, noon(20)));
  });

  it('tells the user to seek care wherever a severe level is named', () => {
    for (const tip of [...SUGAR_TIPS.seriousLow, ...SUGAR_TIPS.seriousHigh, PRESSURE_TIPS.high[0] ?? '']) {
      expect(tip).toMatch(/就医|联系医生/);
    }
  });

  it('keeps every tip short enough for one card on a phone', () => {
    const all = [...CHECK_IN_TIPS, ...Object.values(SUGAR_TIPS).flat(), ...Object.values(PRESSURE_TIPS).flat()];
    for (const tip of all) {
      expect(Array.from(tip).length).toBeLessThanOrEqual(80);
      expect(tip).toMatch(/[。！]$/);
    }
  });
});
