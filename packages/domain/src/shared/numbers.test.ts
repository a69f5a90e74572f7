import { describe, expect, it } from 'vitest';
import { roundTo } from './numbers';

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [-1.25, 1, -1.3],
    [7.0, 1, 7],
  ])('rounds %d to %i decimals as %d', (value, digits, expected) => {
    expect(roundTo(value, digits)).toBe(expected);
  });
});
