/** Staff of the console: roles, the permission table, sign-in lockout. */
export * from './staff';
