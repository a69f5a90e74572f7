/** Sugar and pressure reports (报告): periods, content, display and medical-report uploads. */
export * from './labels';
export * from './reportContent';
export * from './reportDisplay';
export * from './reportUpload';
export * from './reports';
