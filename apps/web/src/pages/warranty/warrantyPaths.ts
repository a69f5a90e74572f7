/** The warranty pages of spec 3 §2.8 (docs/adr/0206-warranty-registration-pages.md). */

/** The registration form (登记保修). */
export const ADD_PRODUCT_PATH = '/addProduct';
/** The customer's registered products (我的产品). */
export const PRODUCT_LIST_PATH = '/productList';

/** One registered product's page. */
export function productDetailPath(warrantyId: number): string {
  return `/productDetail?warrantyId=${warrantyId}`;
}
