/** Remarks in a month below this give bronze. */
export const MEDAL_SILVER_FROM = 13;
/** Remarks in a month above this give gold. */
export const MEDAL_GOLD_ABOVE = 31;
/** How long the medal dialog stays after saving a remark, in ms. */
export const MEDAL_DIALOG_MS = 3000;

/** A medal shown after a remark is saved. */
export type Medal = 'bronze' | 'silver' | 'gold';

/** The medal for the user's remark count in the month: under 13 bronze, over 31 gold, else silver. */
export function medalForRemarks(remarksThisMonth: number): Medal {
  if (remarksThisMonth < MEDAL_SILVER_FROM) {
    return 'bronze';
  }
  return remarksThisMonth > MEDAL_GOLD_ABOVE ? 'gold' : 'silver';
}

/**
 * Whether saving shows the medal dialog: only when the saved reading has a remark or tag, and in
 * edit mode only when the record had no remark before (so editing cannot farm medals).
 */
export function showsMedalDialog(input: {
  readonly hasRemarkOrTag: boolean;
  readonly editing: boolean;
  readonly hadRemarkBefore: boolean;
}): boolean {
  return input.hasRemarkOrTag && (!input.editing || !input.hadRemarkBefore);
}

/** The medals' names as the dialog says them. */
export const MEDAL_NAMES: Readonly<Record<Medal, string>> = Object.freeze({
  bronze: '铜牌',
  silver: '银牌',
  gold: '金牌',
});

/** The medal dialog's words: a title, the month's remark count and in-target share, and the way to the next medal. */
export type MedalDialogText = {
  readonly medal: Medal;
  readonly title: string;
  readonly detail: string;
  readonly next: string | null;
};

/**
 * What the medal dialog says after a remark is saved, for the month's remark count and in-target
 * percentage (the save's `editcount` and `percentage`): `恭喜获得铜牌！`, `本月已记录 1 次备注，
 * 血糖达标率 40%`, and how many more remarks the next medal takes (none after gold).
 */
export function medalDialogText(remarksThisMonth: number, inTargetPercent: number): MedalDialogText {
  const medal = medalForRemarks(remarksThisMonth);
  const count = Math.max(0, Math.floor(remarksThisMonth));
  const next =
    medal === 'bronze'
      ? `再记录 ${MEDAL_SILVER_FROM - count} 次备注可获得${MEDAL_NAMES.silver}`
      : medal === 'silver'
        ? `再记录 ${MEDAL_GOLD_ABOVE + 1 - count} 次备注可获得${MEDAL_NAMES.gold}`
        : null;
  return {
    medal,
    title: `恭喜获得${MEDAL_NAMES[medal]}！`,
    detail: `本月已记录 ${count} 次备注，血糖达标率 ${inTargetPercent}%`,
    next,
  };
}
