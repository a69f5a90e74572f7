/** Follows (亲友关注), the feed (糖友圈), shares and the notice a relative gets for a reading. */
export * from './labels';
export * from './feed';
export * from './follow';
export * from './friend';
export * from './readingNotice';
export * from './share';
