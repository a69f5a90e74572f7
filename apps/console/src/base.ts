/** Where the API serves the console (apps/api/src/plugins/console.ts) and the router's basename. */
export const CONSOLE_BASE = '/console';
