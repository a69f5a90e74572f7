/** Commerce: orders, payment, delivery addresses and dealer applications (used from issue 19 on). */
export * from './labels';
export * from './address';
export * from './coupon';
export * from './dealer';
export * from './order';
export * from './logistics';
export * from './mall';
export * from './goods';
export * from './orderForm';
export * from './orderPlacement';
export * from './payment';
export * from './packageTerm';
export * from './orderView';
export * from './orderRefund';
