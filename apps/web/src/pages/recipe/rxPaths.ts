import { isApiError } from '@glucoguard/sdk';

/** The prescription pages' addresses (spec 3 §2.2). */
export const recipeDetailPath = (infoId: string) => `/myRecipe/recipeDetail?recipeId=${encodeURIComponent(infoId)}`;
export const proposalPath = (infoId: string) => `/proposal?infoId=${encodeURIComponent(infoId)}`;
export const diagnosisPlanPath = (id: string, type: 1 | 2) =>
  `/diagnosisPlan/diagnosisPlan?id=${encodeURIComponent(id)}&type=${type}`;
/** 去买药: the pharmacies, filtered to those stocking the advice's medicines (docs/adr/0139). */
export const buyMedicinePath = (infoId: string, medicineIds: readonly number[]) =>
  `/drugMain?infoId=${encodeURIComponent(infoId)}${medicineIds.length > 0 ? `&medicineIds=${medicineIds.join(',')}` : ''}`;

/** The server's message of a failed read (its `errMsg`), or `fallback`. */
export const failureText = (error: unknown, fallback: string) =>
  isApiError(error) && error.errMsg ? error.errMsg : fallback;

/**
 * Where a prescription step's chat message leads (its `extension` carries `{"infoId"}`): the
 * prescription's detail for `prescription` and `rx audit`, the advice for `proposal`; none otherwise.
 */
export function rxMessageLink(data: string, extension: string | undefined): { to: string; label: string } | null {
  if (data !== 'prescription' && data !== 'rx audit' && data !== 'proposal') {
    return null;
  }
  let infoId: unknown;
  try {
    infoId = (JSON.parse(extension ?? '') as { infoId?: unknown }).infoId;
  } catch {
    return null;
  }
  if (typeof infoId !== 'string' || infoId === '') {
    return null;
  }
  return data === 'proposal'
    ? { to: proposalPath(infoId), label: '查看用药建议' }
    : { to: recipeDetailPath(infoId), label: '查看处方' };
}
