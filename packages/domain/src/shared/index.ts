/** Shared kernel: China time, query strings, display helpers, uploads, readings of any kind, and the validators every form uses. */
// query.ts stays internal: readQuery/writeQuery serve reportDisplay and deviceKey only.
export * from './labels';
export * from './location';
export * from './display';
export * from './idCard';
export * from './numbers';
export * from './phone';
export * from './plausibleDates';
export * from './readings';
export * from './readingWhen';
export * from './searchBox';
export * from './time';
export * from './trendChart';
export * from './upload';
export * from './validator';
