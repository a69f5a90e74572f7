/** After-sales: warranty, repairs and product registration (used from issue 19 on). */
export * from './guides';
export * from './labels';
export * from './productRegistration';
export * from './repair';
export * from './repairNotice';
export * from './warranty';
