import { describe, expect, it } from 'vitest';
import { articleRewardMessage, articleSummary, creditedReadSeconds, reachedBottom } from './articles';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 2, 0, seconds));

describe('creditedReadSeconds', () => {
  it.each([
    [null, 60, 0, 0, 'the first beat of a visit'],
    [0, 30, 0, 0, 'a beat 30 s after the last'],
    [0, 49, 0, 0, 'a beat just under the 50 s floor'],
    [0, 50, 0, 50, 'a beat at 50 s'],
    [0, 60, 0, 60, 'a regular beat'],
    [0, 3600, 0, 60, 'an hour in the background'],
    [0, 60, 7170, 30, 'a beat near the 2-hour total'],
    [0, 60, 7200, 0, 'a beat past the total'],
  ])('from %s to %i s with %i s so far credits %i (%s)', (last, now, total, expected, _why) => {
    expect(creditedReadSeconds(last === null ? null : at(last), at(now), total)).toBe(expected);
  });
});

describe('article texts', () => {
  it('cuts summaries at 25 characters, 22 when shared', () => {
    const text = '控制血糖从一日三餐开始，主食定量、先吃蔬菜再吃主食，能让餐后血糖更平稳。';
    expect(articleSummary(text)).toBe(`${Array.from(text).slice(0, 25).join('')}...`);
    expect(articleSummary(text, true)).toBe(`${Array.from(text).slice(0, 22).join('')}...`);
    expect(articleSummary('短摘要')).toBe('短摘要');
    expect(articleRewardMessage(2)).toBe('阅读完成，奖励2积分');
  });

  it.each([
    [0, 800, 2000, false],
    [1176, 800, 2000, true],
    [1200, 800, 2000, true],
    [0, 800, 600, true],
  ])('scrolled %i in a %i px view of %i px: bottom %s', (top, view, content, expected) => {
    expect(reachedBottom(top, view, content)).toBe(expected);
  });
});
