/** Clinical summaries beyond the spec (consensus ranges, variability, GMI, home blood pressure) and the health tips, each citing its source. */
export * from './glucose';
export * from './homeBp';
export * from './healthTips';
