/** Accounts: start-up and registration, recovery, avatar, the launch device key, route whitelists and who is offered 长辈模式. */
export * from './labels';
export * from './account';
export * from './accountRecovery';
export * from './avatar';
export * from './deviceKey';
export * from './elderMode';
export * from './profileCompletion';
export * from './registration';
export * from './routing';
