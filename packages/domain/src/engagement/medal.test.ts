import { describe, expect, it } from 'vitest';
import { medalDialogText, medalForRemarks, showsMedalDialog } from './medal';

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

describe('medalDialogText', () => {
  it.each([
    [1, 40, '恭喜获得铜牌！', '本月已记录 1 次备注，血糖达标率 40%', '再记录 12 次备注可获得银牌'],
    [13, 75, '恭喜获得银牌！', '本月已记录 13 次备注，血糖达标率 75%', '再记录 19 次备注可获得金牌'],
    [31, 80, '恭喜获得银牌！', '本月已记录 31 次备注，血糖达标率 80%', '再记录 1 次备注可获得金牌'],
    [32, 100, '恭喜获得金牌！', '本月已记录 32 次备注，血糖达标率 100%', null],
  ])('words %i remarks at %i%%', (count, percent, title, detail, next) => {
    expect(medalDialogText(count, percent)).toMatchObject({ title, detail, next });
  });
});
