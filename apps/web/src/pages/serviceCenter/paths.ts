/**
 * The addresses of the after-sales pages (spec 3 §2.8) that other pages link to with a query, in
 * one place (docs/adr/0203-after-sales-guide-routes.md).
 */

/** The guarantee list (正品保障): a tab bar of platforms and their items. */
export const GUARANTEE_LIST_PATH = '/guaranteeList';

/** A model's manual: its page images, or the PDF drawn page by page. */
export function manualPath(productId: number): string {
  return `/pdfDetail?productId=${productId}`;
}

/** One guide: its rich text, or the address it forwards to. */
export function guidePath(guideId: number): string {
  return `/productUseSkill?guideId=${guideId}`;
}

/** A guarantee item's detail. */
export function guaranteePath(id: number): string {
  return `/guaranteeDetail?id=${id}`;
}

/** A guarantee item's credential image (授权证书), a page of its own. */
export function credentialPath(id: number): string {
  return `/credential?id=${id}`;
}

/** A model's manual page: the video, the manual and the remark. */
export function instructionPath(productId: number): string {
  return `/instructionDetail?productId=${productId}`;
}

/** The usage guides of a model (操作指南). */
export function operationGuidesPath(productId: number, categoryId: number): string {
  return `/operationGuideList?productId=${productId}&categoryId=${categoryId}`;
}

/** The factory warranty of a model (厂方保修). */
export function factoryWarrantyPath(productId: number): string {
  return `/factoryWarranty?productId=${productId}`;
}

/** The common faults of a model. */
export function commonFaultsPath(productId: number, categoryId: number): string {
  return `/commonFaults?productId=${productId}&categoryId=${categoryId}`;
}
