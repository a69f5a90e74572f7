/**
 * @glucoguard/domain — every business rule of the product as pure, typed functions and constants.
 * The web app and the API both import from here so a reading is judged the same everywhere.
 * One folder per subdomain, each with its own index.ts; see README.md for the map.
 */
export * from './shared';
export * from './glucose';
export * from './pressure';
export * from './labs';
export * from './body';
export * from './reports';
export * from './clinical';
export * from './social';
export * from './engagement';
export * from './devices';
export * from './account';
export * from './care';
export * from './commerce';
export * from './after-sales';
export * from './staff';
export * from './open';
