/** Rounds half away from zero to `digits` decimals, avoiding binary artefacts such as 1.005 → 1. */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = Math.abs(value) * factor;
  const rounded = Math.round(Number(scaled.toPrecision(12))) / factor;
  return value < 0 ? -rounded : rounded;
}
