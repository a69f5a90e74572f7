/** Points (积分), the daily check-in (签到), test strips, articles, the assistant, medals and feedback. */
export * from './labels';
export * from './articles';
export * from './banner';
export * from './assistant';
export * from './feedback';
export * from './medal';
export * from './points';
export * from './strips';
