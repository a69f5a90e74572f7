/** Care: consultations, prescriptions and the medication diary (used from issue 19 on). */
export * from './labels';
export * from './consult';
export * from './consultScreens';
export * from './consultReadings';
export * from './consultForm';
export * from './doctor';
export * from './doctorService';
export * from './medication';
export * from './monitoring';
export * from './monitorView';
export * from './monitorReminder';
export * from './prescription';
export * from './chat';
export * from './tencentChat';
export * from './pharmacy';
