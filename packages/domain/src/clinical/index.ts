/** Clinical summaries beyond the spec (consensus ranges, variability, GMI, home blood pressure), each citing its source; the reports use them. */
export * from './glucose';
export * from './homeBp';
