import { buyButton, serviceDurationLabel, type LatestConsult } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';

/** The doctor page with the spec's query (doctorId, eleRxStatus). */
export function doctorDetailPathOf(doctor: Pick<Schema<'ConsultDoctorVo'>, 'doctorId' | 'eleRxStatus'>): string {
  return `/findDoctor/doctorDetail?${new URLSearchParams({
    doctorId: String(doctor.doctorId),
    eleRxStatus: String(doctor.eleRxStatus),
  }).toString()}`;
}

/**
 * The service detail page with the spec's query: doctorId, serviceId, price (cents), onTheWay (1 when
 * the caller's paid consultation of this kind is open), index (the service's place on the doctor
 * page), serviceName and time (how long it runs). The page reads the service again; the query only
 * lets it draw at once.
 */
export function serviceDetailPath(
  service: Schema<'DoctorServiceVo'>,
  index: number,
  latest: LatestConsult | null,
): string {
  const query = new URLSearchParams({
    doctorId: String(service.doctorId),
    serviceId: String(service.serviceId),
    price: String(service.servicePrice),
    onTheWay: buyButton(service.serviceType, latest).action === 'open' ? '1' : '0',
    index: String(index),
    serviceName: service.serviceName,
    time: serviceDurationLabel(service),
  });
  return `/findDoctor/serviceDetail?${query.toString()}`;
}
