import { defineEntity, p } from '@mikro-orm/core';

/**
 * A photo of a medical report the customer uploaded (spec 2 §3 "Report image"). Deleting one
 * removes the row and its image files; nothing of it is kept.
 */
export const MedicalReportSchema = defineEntity({
  name: 'MedicalReport',
  tableName: 'medical_report',
  indexes: [{ properties: ['customerId', 'typeCode'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    /** Whose report it is: always the signed-in customer who uploaded it. */
    customerId: p.uuid(),
    /** 1 blood sugar, 2 blood pressure, 3 blood lipid, 4 uric acid, 5 other (dictionary `report_type`). */
    typeCode: p.smallint(),
    /** At most 8 characters (domain `REPORT_NAME_MAX`); the column leaves room for 4-byte characters. */
    reportName: p.string().length(32),
    /** The stored path of the image as uploaded (the spec's reportUrl). */
    imagePath: p.string().length(255),
    /** The stored path of the small preview (the spec's pressReportUrl); the image itself when none was sent. */
    previewPath: p.string().length(255),
    createdAt: p.datetime(),
    /** The spec's updateTime; a report is never edited, so it is the upload time. */
    updatedAt: p.datetime(),
  },
});

export class MedicalReport extends MedicalReportSchema.class {}
MedicalReportSchema.setClass(MedicalReport);
