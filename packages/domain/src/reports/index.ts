/** Sugar and pressure reports (报告): periods, content, display and medical-report uploads. */
// levelCounts.ts stays internal; reportContent re-exports countLevels and LevelCounts.
export * from './labels';
export * from './bpReport';
export * from './reportContent';
export * from './reportDisplay';
export * from './reportUpload';
export * from './reports';
export * from './sugarReport';
