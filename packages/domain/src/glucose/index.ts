/** Blood glucose (血糖): ranges, classification, day table, targets, the entry form, units. */
export * from './labels';
export * from './sugar';
export * from './sugarChart';
export * from './sugarEntry';
export * from './sugarTargets';
export * from './units';
