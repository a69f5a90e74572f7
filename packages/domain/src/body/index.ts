/** Body and health record: weight and BMI, the health record (档案) options and form, profile fields. */
export * from './labels';
export * from './healthInfo';
export * from './healthRecord';
export * from './profileFields';
export * from './weight';
export * from './weightEntry';
