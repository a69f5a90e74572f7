// Uploaded medical reports (spec 2 §2.14, §3 "Report image", §5 "Report upload", §7).
import type { BodyOf } from '../../../lib/contract';
//
// The photo and its optional preview go through the image upload's checks (base64, size, magic
// bytes) restricted to JPEG and PNG, and are stored like every other upload. The 50-per-type limit
// is counted and the row inserted in one transaction holding an advisory lock on the customer and
// type, so two uploads racing for the last place cannot both take it.
import {
  checkReportRoom,
  formatChinaTime,
  REPORT_IMAGE_MAX_BYTES,
  REPORT_PREVIEW_MAX_BYTES,
  REPORT_UPLOAD_MESSAGES,
  validateReportName,
} from '@glucoguard/domain';
import type { FastifyBaseLogger } from 'fastify';
import { withSubjectLock, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { assertValid } from '../../../lib/validate';
import { registeredCustomer } from '../../identity';
import {
  checkImage,
  putImage,
  type RateWindow,
  removeImage,
  signPrivatePath,
  type StoredImage,
  takeRateLimit,
  type UploadLimits,
} from '../../platform';
import type { SessionContext } from '../../../lib/session-context';
import type { ObjectStore } from '../../../providers/storage/storage';
import type { MedicalReport } from './medicalReport.entity';
import { MedicalReportRepository } from './medicalReport.repository';

/** The folder code report photos are stored under (uploads/274/…), apart from form images (273). */
export const REPORT_FOLDER_CODE = 274;

const PHOTO_LIMITS: UploadLimits = {
  // "Under 10 MB": exactly 10 MB is refused, as the client's check does.
  maxBytes: REPORT_IMAGE_MAX_BYTES - 1,
  types: ['image/jpeg', 'image/png'],
  tooLargeMessage: REPORT_UPLOAD_MESSAGES.tooLarge,
  unsupportedMessage: REPORT_UPLOAD_MESSAGES.badFormat,
};
const PREVIEW_LIMITS: UploadLimits = {
  ...PHOTO_LIMITS,
  maxBytes: REPORT_PREVIEW_MAX_BYTES - 1,
  tooLargeMessage: REPORT_UPLOAD_MESSAGES.previewTooLarge,
};

/** A report photo and its preview (openapi.yaml uploadReport). */
export type ReportUpload = BodyOf<'uploadReport'>;

/**
 * A report as the API shows it (spec 2 §3 "Report image"), to its owner: the image addresses are
 * signed for them and expire (upload/private-files.ts), since report photos are private.
 */
export function reportImageVo(report: MedicalReport, secret: string, now: Date) {
  return {
    reportId: report.id,
    reportName: report.reportName,
    typeCode: report.typeCode,
    reportUrl: signPrivatePath(secret, report.imagePath, report.customerId, now),
    pressReportUrl: signPrivatePath(secret, report.previewPath, report.customerId, now),
    updateTime: formatChinaTime(report.updatedAt),
  };
}

const deleted = () => new AppError(ErrorCodes.notFound, REPORT_UPLOAD_MESSAGES.deleted, 404);

export interface UploadContext {
  em: Db;
  store: ObjectStore;
  session: SessionContext;
  /** The image upload's limits per customer, shared with /common/v1/uploadImage. */
  rateLimits: readonly RateWindow[];
  now: Date;
  /** Signs the addresses of the report's images (SESSION_SECRET). */
  secret: string;
}

/** Stores a report for the caller (spec: POST /customer/v1/uploadReport). */
export async function uploadReport(
  { em, store, session, rateLimits, now, secret }: UploadContext,
  input: ReportUpload,
) {
  const customer = await registeredCustomer(em, session);
  assertValid(validateReportName(input.reportName));
  await takeRateLimit(em, 'upload', customer.id, rateLimits, now);
  const photo = await checkImage(input.data, PHOTO_LIMITS);
  const preview = input.pressData === undefined ? null : await checkImage(input.pressData, PREVIEW_LIMITS);

  return withSubjectLock(em, `medical-report:${customer.id}:${input.typeCode}`, async (tx) => {
    assertValid(checkReportRoom(await new MedicalReportRepository(tx).countOfType(customer.id, input.typeCode)));
    const stored: StoredImage[] = [];
    try {
      stored.push(await putImage(store, photo, REPORT_FOLDER_CODE, now));
      if (preview !== null) {
        stored.push(await putImage(store, preview, REPORT_FOLDER_CODE, now));
      }
      const [image, previewImage = image] = stored as [StoredImage, StoredImage?];
      const report = await new MedicalReportRepository(tx).add({
        customerId: customer.id,
        typeCode: input.typeCode,
        reportName: (input.reportName ?? '').trim(),
        imagePath: image.path,
        previewPath: previewImage.path,
        createdAt: now,
        updatedAt: now,
      });
      return reportImageVo(report, secret, now);
    } catch (error) {
      // Nothing refers to the files of a report that was not saved.
      await Promise.allSettled(stored.map((file) => removeImage(store, file.path)));
      throw error;
    }
  });
}

/** The caller's reports, newest first (spec: GET /customer/v1/pageQueryReport). */
export async function pageReports(
  em: Db,
  customerId: string,
  pageNo: number,
  pageSize: number,
  secret: string,
  now: Date,
) {
  const [rows, total] = await new MedicalReportRepository(em).page(customerId, pageNo, pageSize);
  return pageOf(
    rows.map((report) => reportImageVo(report, secret, now)),
    total,
    pageNo,
    pageSize,
  );
}

/**
 * Deletes one of the caller's reports and its files (spec: POST /customer/v1/deleteReport). A
 * missing report and another user's answer alike, so nobody learns which ids exist.
 */
export async function deleteReport(
  em: Db,
  store: ObjectStore,
  log: FastifyBaseLogger,
  customerId: string,
  reportId: string,
) {
  const repo = new MedicalReportRepository(em);
  const report = await repo.findOwn(customerId, reportId);
  // The delete itself is the check: of two deletes racing, only one removes the row.
  if (!report || !(await repo.deleteOwn(customerId, report.id))) {
    throw deleted();
  }
  const paths = new Set([report.imagePath, report.previewPath]);
  for (const path of paths) {
    // The report is gone either way; a file the store could not remove is only worth a log line.
    await removeImage(store, path).catch((error: unknown) =>
      log.warn({ err: error, path }, 'could not remove the image of a deleted report'),
    );
  }
  return { ok: true as const };
}

/** Whether `viewerId` may see a private file: one of their own reports' image or preview (upload's getFile asks). */
export async function ownsMedicalReportFile(db: Db, viewerId: string, path: string): Promise<boolean> {
  return new MedicalReportRepository(db).ownsFile(viewerId, path);
}
