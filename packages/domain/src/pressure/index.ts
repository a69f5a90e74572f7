/** Blood pressure (血压): grades from the configuration, gauge, the entry form. */
export * from './labels';
export * from './bloodPressure';
export * from './bloodPressureChart';
export * from './bloodPressureEntry';
