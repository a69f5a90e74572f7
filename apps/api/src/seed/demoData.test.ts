import { describe, expect, it } from 'vitest';
import {
  BP_VALUE_MAX,
  BP_VALUE_MIN,
  HOME_BP_EVENING,
  HOME_BP_MORNING,
  LAB_LIMITS,
  SUGAR_MAX,
  SUGAR_MIN,
  chinaDateKey,
  msSinceChinaMidnight,
  timeTypeAt,
} from '@glucoguard/domain';
import { DEMO_DAYS, demoReadings, prng } from './demoData';
import { sugarSlots } from './sugarSlots';

// Sunday 2026-11-22 11:15 China time.
const NOW = new Date('2026-11-22T03:15:00Z');
const hour = (at: Date) => msSinceChinaMidnight(at) / 3_600_000;

describe('prng', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = prng(42);
    const b = prng(42);
    const c = prng(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('demoReadings', () => {
  const data = demoReadings(NOW);

  it('is the same every time for the same day', () => {
    expect(demoReadings(NOW)).toEqual(data);
  });

  it('gives a day the same readings whichever day the seed runs on', () => {
    const tomorrow = demoReadings(new Date(NOW.getTime() + 86_400_000));
    const day = '2026-10-15';
    const onDay = (rows: { measuredAt: Date }[]) => rows.filter((r) => chinaDateKey(r.measuredAt) === day);
    expect(onDay(tomorrow.sugar)).toEqual(onDay(data.sugar));
    expect(onDay(tomorrow.pressure)).toEqual(onDay(data.pressure));
  });

  it(`covers the ${DEMO_DAYS} China days up to now and nothing later`, () => {
    const days = new Set(data.sugar.map((r) => chinaDateKey(r.measuredAt)));
    expect(days.size).toBe(DEMO_DAYS);
    expect([...days].sort()[0]).toBe('2026-07-26');
    for (const rows of [data.sugar, data.pressure, data.weight, data.ketone, data.uricAcid]) {
      expect(rows.every((r) => r.measuredAt.getTime() <= NOW.getTime())).toBe(true);
    }
  });

  it('puts every sugar reading in the slot the dictionary gives its time, within the meter range', () => {
    for (const r of data.sugar) {
      expect(timeTypeAt(r.measuredAt, sugarSlots)).toBe(r.timeType);
      expect(r.sugar).toBeGreaterThanOrEqual(SUGAR_MIN);
      expect(r.sugar).toBeLessThanOrEqual(SUGAR_MAX);
      expect(Math.round(r.sugar * 10) / 10).toBe(r.sugar);
      expect(r.remark.length).toBeLessThanOrEqual(200);
      for (const tag of r.tags) {
        expect(['1', '2', '3']).toContain(tag.itemKey);
      }
    }
  });

  it('measures pressure in the home morning and evening windows, within the entry range', () => {
    for (const r of data.pressure) {
      const h = hour(r.measuredAt);
      expect(
        (h >= HOME_BP_MORNING.fromHour && h < HOME_BP_MORNING.toHour) ||
          (h >= HOME_BP_EVENING.fromHour && h < HOME_BP_EVENING.toHour),
      ).toBe(true);
      for (const v of [r.sbp, r.dbp, r.hr]) {
        expect(Number.isInteger(v) && v >= BP_VALUE_MIN && v <= BP_VALUE_MAX).toBe(true);
      }
      expect(r.sbp).toBeGreaterThan(r.dbp);
    }
  });

  it('weighs once a week in half-jin steps and keeps lab values in their limits', () => {
    expect(data.weight).toHaveLength(Math.ceil(DEMO_DAYS / 7));
    for (const w of data.weight) {
      expect(Math.round(w.weightKg * 20)).toBeCloseTo(w.weightKg * 20, 6);
      expect(w.bmi).toBeGreaterThan(20);
      expect(w.bmi).toBeLessThan(30);
    }
    expect(data.ketone.every((k) => k.value >= LAB_LIMITS.ketone.min && k.value <= LAB_LIMITS.ketone.max)).toBe(true);
    expect(
      data.uricAcid.every(
        (u) => Number.isInteger(u.value) && u.value >= LAB_LIMITS.uricAcid.min && u.value <= LAB_LIMITS.uricAcid.max,
      ),
    ).toBe(true);
  });
});
