import type { EntityManager } from '@mikro-orm/core';
import { MedicalReport } from './medicalReport.entity';

/** Storage of uploaded medical reports. */
export class MedicalReportRepository {
  constructor(private readonly em: EntityManager) {}

  /** One page of a customer's reports, newest first, and how many there are. */
  page(customerId: string, pageNo: number, pageSize: number): Promise<[MedicalReport[], number]> {
    return this.em.findAndCount(
      MedicalReport,
      { customerId },
      { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
  }

  /** How many reports of a type the customer holds. */
  countOfType(customerId: string, typeCode: number): Promise<number> {
    return this.em.count(MedicalReport, { customerId, typeCode });
  }

  /** The customer's own report, or null when it does not exist or belongs to somebody else. */
  findOwn(customerId: string, reportId: string): Promise<MedicalReport | null> {
    return /^\d{1,18}$/.test(reportId)
      ? this.em.findOne(MedicalReport, { id: reportId, customerId })
      : Promise.resolve(null);
  }

  /** Whether a stored image path is the photo or preview of one of the customer's reports. */
  async ownsFile(customerId: string, path: string): Promise<boolean> {
    return (await this.em.count(MedicalReport, { customerId, $or: [{ imagePath: path }, { previewPath: path }] })) > 0;
  }

  /** Deletes the customer's own report; false when there was none to delete (gone already, or not theirs). */
  async deleteOwn(customerId: string, reportId: string): Promise<boolean> {
    return (await this.em.nativeDelete(MedicalReport, { id: reportId, customerId })) > 0;
  }

  /** Saves a new report. */
  async add(row: {
    customerId: string;
    typeCode: number;
    reportName: string;
    imagePath: string;
    previewPath: string;
    createdAt: Date;
    updatedAt: Date;
  }): Promise<MedicalReport> {
    const report = this.em.create(MedicalReport, row);
    await this.em.flush();
    return report;
  }
}
