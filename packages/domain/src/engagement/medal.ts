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
