import { extendTerm, termState, type ServicePackageState } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { CustomerRepository } from './customer.repository';

/**
 * A customer's service package (服务包, spec 3 §3 Customer): its state is read from
 * `serviceExpireDate` (domain termState), so nothing has to expire it. Buying one again adds its
 * months to the end of the running term (domain extendTerm).
 */
export interface ServicePackageView {
  servicePackageState: ServicePackageState;
  /** The end, or null when never opened. */
  serviceExpireDate: Date | null;
}

/** Extends the customer's service package by `months` from its running end or from `at` (a paid order). */
export async function extendServicePackage(tx: Db, customerId: string, months: number, at: Date): Promise<Date> {
  return new CustomerRepository(tx).extendServicePackage(customerId, (current) => extendTerm(current, at, months));
}

/** The customer's service package as of `now`. */
export function servicePackageOf(customer: { serviceExpireDate?: Date | null }, now: Date): ServicePackageView {
  const end = customer.serviceExpireDate ?? null;
  return { servicePackageState: termState(end, now), serviceExpireDate: end };
}
