/*
 * The demo patient's readings, generated — no database here. A person with type 2 diabetes and
 * hypertension on tablets: fasting a little above target, rises after meals (more at weekend
 * family meals), the odd very high reading and a few lows, slowly improving over the period;
 * blood pressure morning and evening on most days, weighed once a week, ketone and uric acid now
 * and then. Every China day draws from its own PRNG seeded by its date, so a day's readings are the
 * same whenever the seed runs.
 */
import { SUGAR_MAX, SUGAR_MIN, bmiFromKg, chinaDateKey, roundTo, startOfChinaDay } from '@glucoguard/domain';
import type { SugarTag } from '../contexts/health/readings/glucose.entity';

/** Days of readings, counted back from today (China time), today included. */
export const DEMO_DAYS = 120;
/** The demo patient's height, cm. */
export const DEMO_HEIGHT_CM = 170;

export interface DemoSugar {
  timeType: number;
  sugar: number;
  remark: string;
  tags: SugarTag[];
  measuredAt: Date;
}
export interface DemoPressure {
  sbp: number;
  dbp: number;
  hr: number;
  remark: string;
  measuredAt: Date;
}
export interface DemoWeight {
  weightKg: number;
  heightCm: number;
  bmi: number;
  measuredAt: Date;
}
export interface DemoLab {
  value: number;
  remark: string;
  measuredAt: Date;
}
export interface DemoReadings {
  sugar: DemoSugar[];
  pressure: DemoPressure[];
  weight: DemoWeight[];
  ketone: DemoLab[];
  uricAcid: DemoLab[];
}

/** mulberry32: a small, fast, well-mixed 32-bit PRNG; the same seed always gives the same sequence. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a text: the PRNG seed of a day. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

type Random = () => number;
const between = (rnd: Random, min: number, max: number) => min + (max - min) * rnd();
/** A normal deviate (Box–Muller). */
const normal = (rnd: Random, mean: number, sd: number) =>
  mean + sd * Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

/** A slot's plausible minutes after midnight and its value's mean and spread (mmol/L). */
const SLOTS: Record<number, { from: number; to: number; mean: number; sd: number; chance: number }> = {
  1: { from: 6 * 60 + 20, to: 8 * 60, mean: 6.6, sd: 0.8, chance: 0.92 },
  2: { from: 9 * 60 + 10, to: 10 * 60 + 30, mean: 8.7, sd: 1.5, chance: 0.55 },
  3: { from: 11 * 60 + 15, to: 12 * 60 + 15, mean: 6.0, sd: 0.8, chance: 0.25 },
  4: { from: 13 * 60 + 30, to: 15 * 60, mean: 8.8, sd: 1.6, chance: 0.6 },
  5: { from: 17 * 60, to: 18 * 60 + 15, mean: 6.1, sd: 0.8, chance: 0.3 },
  6: { from: 19 * 60 + 15, to: 20 * 60 + 45, mean: 9.0, sd: 1.7, chance: 0.65 },
  7: { from: 21 * 60 + 30, to: 23 * 60, mean: 7.3, sd: 1.0, chance: 0.45 },
  8: { from: 2 * 60, to: 4 * 60, mean: 5.8, sd: 0.8, chance: 0.04 },
};
/** Slots added first when a day has fewer than four readings. */
const TOP_UP_ORDER = [1, 6, 4, 2, 7, 3, 5];
const POST_MEAL = new Set([2, 4, 6]);
const REMARKS = [
  '早餐吃了油条豆浆',
  '午饭吃了两碗米饭',
  '晚上吃了饺子',
  '下午吃了水果',
  '感冒了，睡得不好',
  '今天加班，晚饭吃得晚',
  '出门忘带血糖仪，回家补测',
];

const tag = (typeCode: SugarTag['typeCode'], itemKey: string): SugarTag => ({ typeCode, itemKey });
const sugarValue = (value: number) => Math.min(SUGAR_MAX, Math.max(SUGAR_MIN, roundTo(value, 1)));

/** One day's sugar readings: 4 to 7, with the day's events (weekend meal, walk, missed tablet, low). */
function sugarDay(rnd: Random, midnight: number, weekend: boolean, drift: number): DemoSugar[] {
  const chosen = Object.keys(SLOTS)
    .map(Number)
    .filter((slot) => rnd() < (SLOTS[slot]?.chance ?? 0));
  for (const slot of TOP_UP_ORDER) {
    if (chosen.length >= 4) {
      break;
    }
    if (!chosen.includes(slot)) {
      chosen.push(slot);
    }
  }
  const walked = rnd() < 0.35;
  const forgotTablet = rnd() < 0.06;
  // About once a month a night-time low, noticed and measured before dawn.
  const lowToday = rnd() < 0.025;
  if (lowToday && !chosen.includes(8)) {
    chosen.push(8);
  }
  const slots = chosen.sort((a, b) => a - b);
  if (slots.length > 7) {
    // Every slot drawn: skip the one before lunch, the least measured.
    slots.splice(slots.indexOf(3), 1);
  }
  return slots.map((timeType) => {
    const slot = SLOTS[timeType] as (typeof SLOTS)[number];
    const tags: SugarTag[] = [];
    let remark = '';
    let value = normal(rnd, slot.mean + drift, slot.sd);
    if (POST_MEAL.has(timeType)) {
      if (weekend && timeType === 6) {
        value += 1.4;
        if (rnd() < 0.5) {
          tags.push(tag('diet', '3'));
          remark = '周末家庭聚餐';
        }
      } else if (rnd() < 0.3) {
        tags.push(tag('diet', '2'));
      }
      if (rnd() < 0.04) {
        value += between(rnd, 4, 6);
      }
    }
    if (timeType === 6 && walked) {
      value -= 0.9;
      tags.push(tag('sport', '2'));
      remark ||= rnd() < 0.4 ? '晚饭后快走30分钟' : '';
    }
    if (forgotTablet && (timeType === 1 || timeType === 2)) {
      value += 1.6;
      tags.push(tag('pharmacy', '1'));
    } else if (timeType === 1 && rnd() < 0.3) {
      tags.push(tag('pharmacy', '2'));
    }
    if (!POST_MEAL.has(timeType) && timeType !== 1 && rnd() < 0.035) {
      value = between(rnd, 3.3, 4.3);
    }
    if (lowToday && timeType === 8) {
      value = between(rnd, 2.6, 2.9);
      remark = '心慌出汗，吃了几块糖';
    }
    if (remark === '' && rnd() < 0.07) {
      remark = pick(rnd, REMARKS);
    }
    const minute = Math.floor(between(rnd, slot.from, slot.to));
    return { timeType, sugar: sugarValue(value), remark, tags, measuredAt: new Date(midnight + minute * 60_000) };
  });
}

/** Morning (06:30–08:00) and evening (19:30–20:50) pressure on most days, a grade-2 reading now and then. */
function pressureDay(rnd: Random, midnight: number, drift: number): DemoPressure[] {
  const roll = rnd();
  const windows = roll < 0.85 ? ['morning', 'evening'] : roll < 0.92 ? ['morning'] : [];
  return windows.map((window) => {
    const morning = window === 'morning';
    const spike = rnd() < 0.03;
    const sbp = Math.round(normal(rnd, (morning ? 136 : 130) + drift + (spike ? 20 : 0), 7));
    const dbp = Math.round(normal(rnd, (morning ? 87 : 83) + drift / 2 + (spike ? 10 : 0), 5));
    const hr = Math.round(normal(rnd, morning ? 72 : 76, 5));
    const minute = Math.floor(morning ? between(rnd, 6 * 60 + 30, 8 * 60) : between(rnd, 19 * 60 + 30, 20 * 60 + 50));
    return { sbp, dbp, hr, remark: spike ? '头有点胀' : '', measuredAt: new Date(midnight + minute * 60_000) };
  });
}

/**
 * The demo patient's readings for the {@link DEMO_DAYS} China days up to `now`, oldest first;
 * nothing later than `now`.
 */
export function demoReadings(now: Date): DemoReadings {
  const today = startOfChinaDay(now).getTime();
  const out: DemoReadings = { sugar: [], pressure: [], weight: [], ketone: [], uricAcid: [] };
  for (let back = DEMO_DAYS - 1; back >= 0; back -= 1) {
    // China keeps UTC+8 all year, so days are exactly 24 hours apart.
    const midnight = today - back * 86_400_000;
    const day = chinaDateKey(midnight);
    const rnd = prng(hash(day));
    // The China wall-clock date read as UTC gives the China weekday.
    const weekday = new Date(midnight + 8 * 3600_000).getUTCDay();
    // 0 at the start of the period, 1 today: readings improve slowly with treatment.
    const progress = (DEMO_DAYS - 1 - back) / (DEMO_DAYS - 1);
    const weekend = weekday === 6 || weekday === 0;
    out.sugar.push(...sugarDay(rnd, midnight, weekend, 0.5 * (1 - progress)));
    out.pressure.push(...pressureDay(rnd, midnight, 5 * (1 - progress)));
    if (back % 7 === 0) {
      // Weighed in jin with one decimal, stored as kg: 74 kg sliding to about 72 kg.
      const jin = roundTo(2 * normal(rnd, 74 - 2 * progress, 0.3), 1);
      const weightKg = roundTo(jin / 2, 2);
      out.weight.push({
        weightKg,
        heightCm: DEMO_HEIGHT_CM,
        bmi: bmiFromKg(weightKg, DEMO_HEIGHT_CM) ?? 0,
        measuredAt: new Date(midnight + (7 * 60 + 10) * 60_000),
      });
    }
    if (back % 20 === 3) {
      out.ketone.push({
        value: roundTo(Math.max(0, normal(rnd, 0.3, 0.12)), 1),
        remark: '',
        measuredAt: new Date(midnight + (7 * 60 + 40) * 60_000),
      });
    }
    if (back % 30 === 11) {
      out.uricAcid.push({
        value: Math.round(normal(rnd, 420, 35)),
        remark: back > 60 ? '' : '少吃海鲜后复查',
        measuredAt: new Date(midnight + (8 * 60 + 5) * 60_000),
      });
    }
  }
  const notLater = <T extends { measuredAt: Date }>(rows: T[]) =>
    rows.filter((r) => r.measuredAt.getTime() <= now.getTime());
  return {
    sugar: notLater(out.sugar),
    pressure: notLater(out.pressure),
    weight: notLater(out.weight),
    ketone: notLater(out.ketone),
    uricAcid: notLater(out.uricAcid),
  };
}
