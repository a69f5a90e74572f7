/** The mall's goods list, where strips are exchanged for paper-mode goods (the mall issue builds it). */
export const STRIP_EXCHANGE_PATH = '/mall/goodsList';

/**
 * Whether the mall's goods list exists yet. Until it does, 去兑换 explains that the exchange opens
 * soon instead of leading to the 404 page (docs/adr/0173-strip-and-invitation-screens.md);
 * routes.test.tsx fails when this and the route table disagree, so the mall issue flips it.
 */
export const STRIP_EXCHANGE_OPEN = false;
