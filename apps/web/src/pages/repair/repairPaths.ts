/** The repair pages' addresses (spec 3 §2.8); the patient's notices link to the detail too. */
export const REPAIR_FILLING_PATH = '/repairFilling';
export const FAULT_SERVICE_LIST_PATH = '/faultServiceList';
export const FAULT_SERVICE_DETAIL_PATH = '/faultServiceDetail';

/** /faultServiceDetail?upkeepId= of one repair request. */
export function faultServiceDetailPath(upkeepId: number | string): string {
  return `${FAULT_SERVICE_DETAIL_PATH}?upkeepId=${encodeURIComponent(String(upkeepId))}`;
}

/** 血糖仪 / 糖护G1: a repair's category and, when one was chosen, its model. */
export function repairTitle(repair: { readonly categoryName: string; readonly productName: string }): string {
  return [repair.categoryName, repair.productName].filter((part) => part !== '').join(' / ');
}
