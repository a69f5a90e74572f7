import type { BpLevel, SugarCellColour } from '@glucoguard/domain';

/** What the domain's colour names look like on screen. */
export const CELL_COLOURS: Record<SugarCellColour, string> = { red: '#f5554a', yellow: '#f7b500', green: '#2bb673' };
/** Pressure levels on screen: low yellow, normal green, high red (the sugar table's palette). */
export const BP_LEVEL_COLOURS: Record<BpLevel, string> = { low: CELL_COLOURS.yellow, normal: CELL_COLOURS.green, high: CELL_COLOURS.red };
