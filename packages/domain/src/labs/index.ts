/** Lab readings: ketone (血酮) and uric acid (尿酸). */
export * from './labels';
export * from './ketoneUricAcid';
export * from './labGuide';
