import type { BpLevel, SugarCellColour, SugarLevel } from '@glucoguard/domain';
import { tokens } from '@glucoguard/ui';

/** What the domain's colour names look like on screen (design tokens: --gg-color-level-*). */
export const CELL_COLOURS: Record<SugarCellColour, string> = {
  red: tokens.colorLevelHigh,
  yellow: tokens.colorLevelLow,
  green: tokens.colorLevelNormal,
};
/** Pressure levels on screen: low yellow, normal green, high red (the sugar table's palette). */
export const BP_LEVEL_COLOURS: Record<BpLevel, string> = {
  low: CELL_COLOURS.yellow,
  normal: CELL_COLOURS.green,
  high: CELL_COLOURS.red,
};
/**
 * The report's five quality levels. The data table uses the sugar table's three colours
 * (`CELL_COLOURS` via the domain's `reportLevelColour`); the pie and the slot bars need five
 * distinguishable ones, so the severe levels are darker shades of the same colours.
 */
export const REPORT_LEVEL_COLOURS: Record<SugarLevel, string> = {
  seriousHigh: tokens.colorLevelSeriousHigh,
  high: CELL_COLOURS.red,
  normal: CELL_COLOURS.green,
  low: CELL_COLOURS.yellow,
  seriousLow: tokens.colorLevelSeriousLow,
};
