import { describe, expect, it } from 'vitest';
import { medalForRemarks, showsMedalDialog } from './medal';

describe('medalForRemarks', () => {
  it.each([
    [0, 'bronze'],
    [12, 'bronze'],
    [13, 'silver'],
    [31, 'silver'],
    [32, 'gold'],
  ] as const)('gives %i remarks in the month a %s medal', (count, medal) => {
    expect(medalForRemarks(count)).toBe(medal);
  });
});

describe('showsMedalDialog', () => {
  it.each([
    [{ hasRemarkOrTag: true, editing: false, hadRemarkBefore: false }, true],
    [{ hasRemarkOrTag: false, editing: false, hadRemarkBefore: false }, false],
    [{ hasRemarkOrTag: true, editing: true, hadRemarkBefore: false }, true],
    [{ hasRemarkOrTag: true, editing: true, hadRemarkBefore: true }, false],
  ])('for %j shows the dialog: %s', (input, expected) => {
    expect(showsMedalDialog(input)).toBe(expected);
  });
});
