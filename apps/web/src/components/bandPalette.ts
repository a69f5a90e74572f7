import { SUGAR_CELL_COLOURS } from '@glucoguard/domain';
import type { LabBand } from '@glucoguard/domain';
import { tokens } from '@glucoguard/ui';

/** The screen colours of the domain's colour names (red / yellow / green, BMI blue / orange): tokens --gg-color-band-*. */
export const COLOUR_HEX: Readonly<Record<string, string>> = Object.freeze({
  red: tokens.colorBandRed,
  yellow: tokens.colorBandYellow,
  green: tokens.colorBandGreen,
  blue: tokens.colorBandBlue,
  orange: tokens.colorBandOrange,
});

/** The screen colour of a low / normal / high band, by the domain's colour names. */
export function bandHex(band: LabBand): string {
  return COLOUR_HEX[SUGAR_CELL_COLOURS[band]] ?? 'inherit';
}
