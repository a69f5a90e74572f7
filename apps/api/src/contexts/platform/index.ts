/**
 * The platform context's public face: the shared kernel every other context may use (system,
 * dictionary, location, front-log, retention, rate-limit, upload, partner, jobs). It imports no other
 * context. Other contexts import only this file, never a module inside it.
 */

// Routes (registered by app.ts).
export { systemRoutes } from './system/system.routes';
export { dictionaryRoutes } from './dictionary/dictionary.routes';
export { frontLogRoutes } from './front-log/frontLog.routes';
export { legalRoutes } from './legal/legal.routes';
export { locationRoutes } from './location/location.routes';
export { uploadRoutes } from './upload/upload.routes';
export { partnerRoutes } from './partner/partner.routes';
// What the other contexts use.
export { LEGAL_TEXTS_VERSION } from './legal/legal.texts';
export { lookUpRegion, round6 } from './location/location.service';
export { CareDirectoryRepository, type Workplace } from './care-directory/careDirectory.repository';
export { Doctor } from './care-directory/doctor.entity';
export { Department, Hospital } from './care-directory/hospital.entity';
export { limitFailures, takeRateLimit, type RateWindow } from './rate-limit/rateLimit.service';
export { CONSOLE_SIGN_IN_FAILURES } from './rate-limit/clientLimits';
export { DictionaryRepository } from './dictionary/dictionary.repository';
export { isChatFilePath, isRepairPhotoPath, signPrivatePath } from './upload/private-files';
export { assertUploadedBy, customerUploader, recordPrivateUpload, staffUploader } from './upload/private-uploads';
export { UPLOAD_BODY_LIMIT, UPLOAD_LIMITS, VOICE_BODY_LIMIT } from './upload/upload.routes';
export { storeVoice } from './upload/voice.service';
export { storePdf } from './upload/pdf.service';
export { JobQueue, scheduleJob } from './jobs/jobs.service';
export { pruneExpiredRows, type PruneRun } from './retention/retention.service';
export {
  checkImage,
  putImage,
  removeImage,
  storeImage,
  type StoredImage,
  type UploadLimits,
} from './upload/upload.service';
export { browseAudit, recordAudit, recordPageRead, type AuditActor } from './audit/audit.service';
export { PATIENT_AUDIT } from './audit/patientAudit';
