/**
 * The care context's public face: doctors, consultations, chat, prescriptions and pharmacies. It may
 * import platform, identity, health and commerce (a consultation is paid and refunded through
 * commerce). Other contexts import only this file, never a module inside it.
 */

export { doctorRoutes } from './doctor/doctor.routes';
export { consoleDoctorServiceRoutes, doctorServiceRoutes } from './doctor/doctorService.routes';
export { pharmacyRoutes } from './pharmacy/pharmacy.routes';
export { rxRoutes } from './rx/rx.routes';
export { consoleRxRoutes } from './rx/rxConsole.routes';
export { rxEvents } from './rx/rx.events';
export { RX_EXPIRE_JOB } from './rx/rx.jobs';
export { expirePrescription } from './rx/rx.service';
export { consultRoutes, consoleConsultRoutes } from './consult/consult.routes';
export {
  CONSULT_END_JOB,
  CONSULT_EXPIRE_JOB,
  CONSULT_REFUND_JOB,
  consultOnIntentPaid,
  endIntervalConsult,
  expireConsult,
  refundConsult,
} from './consult/consult.service';
export { consultDeskRoutes } from './consult-desk/consultDesk.routes';
export { medicationRoutes } from './medication/medication.routes';
export { medicationDatesOf } from './medication/medication.service';
export { chatRoutes, type ChatTransport } from './chat/chat.routes';
export { consoleChatRoutes } from './chat/chatConsole.routes';
export { ChatHub } from './chat/chat.hub';
export { chatFileVisibleTo, chatMediaSigner } from './chat/chat.media';
export { CHAT_CHANNEL, CHAT_END_CHANNEL, CHAT_LOGIN_CHANNEL, listenForChatMessages } from './chat/chat.listener';
export { announceChatMessage } from './chat/chat.repository';
export { chatUnread, openChatSession, postCustomChatMessage } from './chat/chat.service';
export { customerImUserId, staffImUserId } from './chat/chat.sig';
export { TENCENT_RELAY_JOB, TencentChatRelay } from './chat/chat.tencent';
export type { ChatDelivery } from './chat/chat.hub';
/** The monitoring plan's reminders (scheduled by the plan's issue): run as jobs, heard by the notices (composition.ts). */
export {
  MONITOR_REMINDER_JOB,
  runMonitorReminder,
  type MonitorReminderPayload,
} from './monitoring/monitorReminder.service';
export { monitorReminderEvents } from './monitoring/monitorReminder.events';
/** Glucose monitoring plans (spec 3 §2.5): the patient's and the doctor's routes, and the issue event the notices hear. */
export { consoleMonitoringRoutes, monitoringRoutes } from './monitoring/monitoring.routes';
export { monitoringEvents } from './monitoring/monitoring.events';
