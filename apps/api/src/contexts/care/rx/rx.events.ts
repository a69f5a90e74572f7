import { EventBus } from '../../health';

/** A pharmacist reviewed a prescription (published inside the review's transaction). */
export interface PrescriptionReviewed {
  type: 'PrescriptionReviewed';
  infoId: string;
  customerId: string;
  patientName: string;
  doctorName: string;
  approved: boolean;
  reason: string | null;
  at: Date;
}

export interface RxEvents {
  PrescriptionReviewed: PrescriptionReviewed;
}

/**
 * The prescriptions' bus: the review publishes, the notices subscribe (wired in composition.ts),
 * and this module knows none of its subscribers.
 */
export const rxEvents = new EventBus<RxEvents>();
