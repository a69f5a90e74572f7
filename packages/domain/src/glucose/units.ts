/**
 * mg/dL in one mmol/L of glucose: the molar mass of glucose, 180.16 g/mol, over 10. The product's
 * only factor between the two units: meters that send mg/dL (docs/device-protocol.md) and the
 * clinical summaries (GMI, Bergenstal 2018, whose formula is in mg/dL) both use it
 * (docs/adr/0026-one-mg-dl-factor.md).
 */
export const MG_DL_PER_MMOL_L = 18.016;

/** Converts mmol/L to mg/dL with {@link MG_DL_PER_MMOL_L}. */
export function mmolToMgdl(mmol: number): number {
  return mmol * MG_DL_PER_MMOL_L;
}

/** Converts mg/dL to mmol/L with {@link MG_DL_PER_MMOL_L}, unrounded. */
export function mgdlToMmol(mgdl: number): number {
  return mgdl / MG_DL_PER_MMOL_L;
}
