import { openDateTime, openReadingId } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { RecordedReading } from '../../health';

/** A reading as integrators see it (openapi.yaml OpenReading). */
export type OpenReading = Schema<'OpenReading'>;
/** A patient's meter as integrators see it (openapi.yaml OpenDevice). */
export type OpenDevice = Schema<'OpenDevice'>;

/**
 * The open view of a stored reading: its `<kind>-<id>` id, the patient, the time in +08:00, who put
 * it in, the one value object of its kind, and for a meter's reading the meter and its reading id.
 */
export function openReadingOf(
  reading: RecordedReading,
  patientId: string,
  source: OpenReading['source'],
  meter?: { imei: string; readingId: string } | null,
): OpenReading {
  const base = {
    id: openReadingId(reading.kind, reading.id),
    kind: reading.kind,
    patientId,
    measuredAt: openDateTime(reading.measuredAt),
    source,
  };
  const device = meter ? { device: { imei: meter.imei, readingId: meter.readingId } } : {};
  switch (reading.kind) {
    case 'glucose':
      return { ...base, glucose: { mmolL: reading.sugar, timeType: reading.timeType }, ...device };
    case 'pressure':
      return {
        ...base,
        pressure: { systolic: reading.sbp, diastolic: reading.dbp, heartRate: reading.hr },
        ...device,
      };
    case 'ketone':
      return { ...base, ketone: { mmolL: reading.ketone } };
    case 'uricAcid':
      return { ...base, uricAcid: { umolL: reading.urine } };
    case 'weight':
      return { ...base, weight: { kg: reading.weightKg, heightCm: reading.heightCm, bmi: reading.bmi } };
  }
}

/** A meter as integrators see it; `boundAt` null once unbound. */
export function openDeviceOf(device: { imei: string; kind: string; model: string }, boundAt: Date | null): OpenDevice {
  return {
    imei: device.imei,
    kind: device.kind === 'bp' ? 'bp' : 'glucose',
    model: device.model,
    boundAt: boundAt ? openDateTime(boundAt) : null,
  };
}
