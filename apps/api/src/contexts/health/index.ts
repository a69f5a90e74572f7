/**
 * The health context's public face: the readings core and every kind of reading, the health
 * record, medical reports and reports. It may import `contexts/platform` and `contexts/identity`;
 * it never imports social or engagement (they react to the readings core's event). Other contexts
 * import only this file, never a module inside it.
 */

// The readings core (docs/adr/0010, 0011): the one path of "a reading was recorded".
export {
  EventBus,
  readingEvents,
  type AfterCommit,
  type ReadingDeleted,
  type ReadingRecorded,
  type ReadingUpdated,
  type RecordedReading,
  type Subscriber,
} from './readings/readings.events';
export { setActingForPolicy, type ActingForPolicy } from './readings/actingFor';
/**
 * The meter paths into the core (devices context):
 * - `recordMeterBatch(db, readings: BatchReading[], health: {imei, battery, signal}[], now): Promise<BatchReadingResult[]>`
 *   stores a batch of meter readings in one transaction and one statement (`unnest` arrays) and
 *   publishes one ReadingRecorded per new record (source 'meter').
 * - `attachMeterRecords(tx, readings: UnattachedMeterReading[], customerId, now): Promise<string[]>`
 *   makes a newly bound meter's earlier readings the owner's records, in the bind's transaction.
 */
export { attachMeterRecords, recordMeterBatch } from './readings/recordReading';
export { LAST_SEEN_RESOLUTION_MS, type BatchReading } from './readings/meterBatch.repository';
// What social and engagement read of the readings.
export { SugarRepository } from './glucose/glucose.repository';
export { tagsView } from './glucose/glucose.service';
export { PressureRepository } from './pressure/pressure.repository';
export type { SugarTag } from './readings/glucose.entity';
export { rangesFor, sugarTestVo } from './glucose/glucose.service';
/** The (China date, slot) pairs with a glucose reading, for care's monitoring plans and reminders. */
export { glucoseSlotsWithReadings } from './glucose/glucoseSlots';
export { bloodPressureVo, pagePressure, ranges } from './pressure/pressure.service';
export { SugarTest } from './readings/glucose.entity';
export { BloodPressureTest } from './readings/pressure.entity';
// The health record, medical reports and reports.
export { healthRecordRoutes } from './health-record/healthRecord.routes';
/** The health record's entity, read by care's prescriptions for the patient information's name. */
export { HealthRecord } from './health-record/healthRecord.entity';
export { medicalReportRoutes } from './medical-report/medicalReport.routes';
export { ownsMedicalReportFile } from './medical-report/medicalReport.service';
export { reportRoutes } from './report/report.routes';
/** A patient's readings and report summaries over a window, for a consultation's doctor (care checks and audits). */
export { readingsForCare } from './report/careReadings.service';
export { healthTipRoutes } from './health-tip/healthTip.routes';
/**
 * Stored readings as the core's events describe them, with their source and meter reading id, for
 * the open platform (issue 23): `new ReadingViewsRepository(db).find(kind, id)` and `.page(…)`.
 */
export { ReadingViewsRepository, type ReadingView } from './readings/readingViews.repository';
/** The forms' recording paths, which the open platform's writes go through (the same checks). */
export { addReading as addGlucoseReading } from './glucose/glucose.service';
export { addPressure } from './pressure/pressure.service';
export { ketone as ketoneReadings, uricAcid as uricAcidReadings } from './lab/lab.service';
export { addWeight } from './weight/weight.service';
/** Reports' figures for a period, for the open platform's reports (issue 23). */
export { pressureMonthReport, pressureWeekReport, sugarMonthReport, sugarWeekReport } from './report/report.service';
