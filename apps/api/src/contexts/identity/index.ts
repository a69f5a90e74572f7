/**
 * The identity context's public face: who the caller is (session, auth, registration, customer,
 * sms, account recovery). It may import `contexts/platform` only. Other contexts import only this
 * file, never a module inside it.
 */
export { CustomerRepository } from './customer/customer.repository';
// Routes (registered by app.ts).
export { authRoutes } from './auth/auth.routes';
export { smsRoutes } from './sms/sms.routes';
export { registrationRoutes } from './registration/registration.routes';
export { accountRecoveryRoutes } from './account-recovery/accountRecovery.routes';
export { customerRoutes } from './customer/customer.routes';
export { Customer } from './customer/customer.entity';
export { registeredCustomer } from './customer/customer.service';
export { customerRatio } from './customer/customer.view';
export { extendServicePackage } from './customer/servicePackage';
export { resolveSession } from './session/session.service';
export { staffActor, staffRoutes } from './staff/staff.routes';
export { createStaff, liveStaffRole, resolveStaffSession, staffHolding, staffOfDoctor } from './staff/staff.service';
export { accountClosureRoutes } from './account-closure/accountClosure.routes';
export { customerEvents, type AccountClosed, type InvitationAccepted } from './customer/customer.events';
export type { Subscriber } from '../../lib/event-bus';
