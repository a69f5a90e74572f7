import type { operations } from '@glucoguard/sdk';

type Fields = Record<string, unknown>;

/** How one of a patient's own operations is written to the audit trail. */
export interface PatientAudit {
  /** The dotted verb, e.g. `reading.delete`. */
  action: string;
  /** What it touched, from the request body and the answer's data (ids only, never values). */
  target?: (body: Fields, data: Fields) => string | null;
  /** Whose data it was, when not the caller's own (null: nobody's in particular). */
  patient?: (body: Fields, callerId: string) => string | null;
}

const id = (prefix: string, value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? `${prefix}:${value}` : null;

/**
 * The operations by which a signed-in customer changes their sensitive data or who may see it,
 * written to the audit trail after they succeed (plugins/patient-audit.ts). Which ones and why:
 * docs/adr/0132-patients-sensitive-actions-audited.md. The trail keeps ids and kinds, never a
 * reading's value, a phone number or a name.
 */
export const PATIENT_AUDIT: Partial<Record<keyof operations, PatientAudit>> = {
  // The health record and the profile (identity, diagnoses, the doctor who sees them).
  saveHealthInfo: { action: 'healthRecord.save' },
  saveDoctor: { action: 'healthRecord.doctor', target: (body) => id('doctor', body.doctorId) },
  editCustomer: { action: 'profile.edit' },
  updatePhone: { action: 'account.phone' },
  updateLocation: { action: 'location.save' },
  // Readings changed or removed (adding one is the data itself, and it keeps who entered it).
  editSugarTest: { action: 'reading.edit', target: (body) => id('sugar', body.testId) },
  editBloodPressure: { action: 'reading.edit', target: (body) => id('pressure', body.bpId) },
  deleteSugarTest: { action: 'reading.delete', target: (body) => id('sugar', body.testId) },
  deleteBloodPressure: { action: 'reading.delete', target: (body) => id('pressure', body.bpId) },
  deleteKetoneTest: { action: 'reading.delete', target: (body) => id('ketone', body.id) },
  deleteUricAcidTest: { action: 'reading.delete', target: (body) => id('uricAcid', body.id) },
  deleteWeight: { action: 'reading.delete', target: (body) => id('weight', body.weightId) },
  // Medical reports (pictures of hospital papers).
  uploadReport: { action: 'medicalReport.upload', target: (_body, data) => id('report', data.reportId) },
  deleteReport: { action: 'medicalReport.delete', target: (body) => id('report', body.reportId) },
  // Who may see the data: relatives, share links, meters that write readings.
  acceptFocus: { action: 'relative.grant', target: (body) => id('follow', body.id) },
  revokeFocus: { action: 'relative.revoke', target: (body) => id('follow', body.id) },
  delIFocus: { action: 'relative.leave', target: (body) => id('follow', body.id), patient: () => null },
  createShare: { action: 'share.create', target: (_body, data) => id('share', data.shareId) },
  revokeShare: { action: 'share.revoke', target: (body) => id('share', body.shareId) },
  bindDevice: { action: 'device.bind', target: (body) => id('imei', body.deviceImei) },
  unbindDevice: { action: 'device.unbind', target: (body) => id('device', body.id) },
  // Apps (OAuth clients) the patient consented to: 取消授权 in 授权管理. The consent itself
  // (`app.grant`) is recorded by the OAuth service with the grant, as a denial records nothing.
  oauthRevokeGrant: {
    action: 'app.revoke',
    target: (_body, data) => {
      const client = data.client as Fields | undefined;
      return id('client', client?.clientId);
    },
  },
};
