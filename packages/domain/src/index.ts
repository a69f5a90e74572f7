/**
 * @glucoguard/domain — every business rule of the product as pure, typed functions and constants.
 * The web app and the API both import from here so a reading is judged the same everywhere.
 */
export * from './time';
export * from './sugar';
export * from './sugarTargets';
export * from './bloodPressure';
export * from './ketoneUricAcid';
export * from './weight';
export * from './share';
export * from './medal';
export * from './reports';
export * from './reportContent';
export * from './clinical/glucose';
export * from './clinical/homeBp';
export * from './points';
export * from './routing';
export * from './display';
export * from './order';
export * from './consult';
export * from './warranty';
export * from './imei';
export * from './feed';
export * from './upload';
export * from './validation/validator';
export * from './validation/phone';
export * from './validation/idCard';
export * from './validation/registration';
export * from './validation/feedback';
export * from './validation/sugarEntry';
export * from './validation/bloodPressureEntry';
export * from './validation/weightEntry';
export * from './validation/healthRecord';
export * from './validation/reportUpload';
export * from './validation/friend';
export * from './validation/device';
export * from './validation/address';
export * from './validation/dealer';
export * from './validation/repair';
export * from './validation/medication';
export * from './validation/consult';
export * from './validation/order';
export * from './validation/productRegistration';
export * from './account';
