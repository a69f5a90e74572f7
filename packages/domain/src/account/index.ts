/** Accounts: start-up and registration, recovery, avatar, the launch device key and route whitelists. */
export * from './labels';
export * from './account';
export * from './accountRecovery';
export * from './avatar';
export * from './deviceKey';
export * from './profileCompletion';
export * from './registration';
export * from './routing';
