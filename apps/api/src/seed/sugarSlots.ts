/**
 * The sugar dictionary's eight slots (spec 2 §3): their hours in China time and default thresholds
 * in mmol/L. Thresholds follow the Chinese type 2 diabetes guideline's targets (fasting and
 * pre-meal 4.4–7.0, after meals under 10.0) and the ADA levels for severe readings (below 3.0,
 * above 13.9). A customer's own targets replace them. See docs/decisions.md.
 */
export const sugarSlots = [
  { timeType: 1, name: '空腹', code: 'emptyStomach', startTime: '05:00', endTime: '09:00', minValue: 3.0, lowValue: 4.4, highValue: 7.0, maxValue: 13.9 },
  { timeType: 2, name: '早餐后', code: 'afterBreakfast', startTime: '09:00', endTime: '11:00', minValue: 3.0, lowValue: 4.4, highValue: 10.0, maxValue: 13.9 },
  { timeType: 3, name: '午餐前', code: 'antePrandium', startTime: '11:00', endTime: '12:30', minValue: 3.0, lowValue: 4.4, highValue: 7.0, maxValue: 13.9 },
  { timeType: 4, name: '午餐后', code: 'afterLunch', startTime: '12:30', endTime: '16:30', minValue: 3.0, lowValue: 4.4, highValue: 10.0, maxValue: 13.9 },
  { timeType: 5, name: '晚餐前', code: 'beforeDinner', startTime: '16:30', endTime: '18:30', minValue: 3.0, lowValue: 4.4, highValue: 7.0, maxValue: 13.9 },
  { timeType: 6, name: '晚餐后', code: 'afterDinner', startTime: '18:30', endTime: '21:00', minValue: 3.0, lowValue: 4.4, highValue: 10.0, maxValue: 13.9 },
  { timeType: 7, name: '睡前', code: 'atBedtime', startTime: '21:00', endTime: '23:59', minValue: 3.0, lowValue: 4.4, highValue: 10.0, maxValue: 13.9 },
  { timeType: 8, name: '凌晨', code: 'beforeDawn', startTime: '00:00', endTime: '05:00', minValue: 3.0, lowValue: 4.4, highValue: 7.0, maxValue: 13.9 },
];
