/**
 * Where 去兑换 leads: the mall's strips exchange, the paper goods under the title 兑换试纸
 * (spec 3 §2.7 /categorysGoods with servicePackage 0).
 */
export const STRIP_EXCHANGE_PATH = '/categorysGoods?servicePackage=0&salesMode=paper';

/**
 * Whether the strips exchange is open. It was closed (去兑换 said the exchange opens soon,
 * docs/adr/0173-strip-and-invitation-screens.md) until the mall existed; routes.test.tsx fails when
 * this and the route table disagree.
 */
export const STRIP_EXCHANGE_OPEN = true;
