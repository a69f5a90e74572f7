import { SUGAR_CELL_COLOURS } from '@glucoguard/domain';
import type { LabBand } from '@glucoguard/domain';

/** The screen colours of the domain's colour names (red / yellow / green, BMI blue / orange). */
export const COLOUR_HEX: Readonly<Record<string, string>> = Object.freeze({
  red: '#f5222d',
  yellow: '#faad14',
  green: '#52c41a',
  blue: '#1677ff',
  orange: '#fa8c16',
});

/** The screen colour of a low / normal / high band, by the domain's colour names. */
export function bandHex(band: LabBand): string {
  return COLOUR_HEX[SUGAR_CELL_COLOURS[band]] ?? 'inherit';
}
