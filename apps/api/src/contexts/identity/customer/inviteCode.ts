import { AppError, ErrorCodes } from '../../../lib/errors';
import type { Db } from '../../../lib/db';
import type { Customer } from './customer.entity';
import { CustomerRepository } from './customer.repository';

/** Records an invite code on a customer: a doctor's links the doctor; a customer's records the inviter. */
export async function applyInviteCode(db: Db, customer: Customer, code: string): Promise<void> {
  const repo = new CustomerRepository(db);
  const normalised = code.trim().toUpperCase();
  const doctor = await repo.findDoctorByInviteCode(normalised);
  const inviter = doctor ? null : await repo.findByInviteCode(normalised);
  if (!doctor && (!inviter || inviter.id === customer.id)) {
    throw new AppError(ErrorCodes.badRequest, '请输入正确的邀请码');
  }
  customer.usedInviteCode = normalised;
  customer.doctorId = doctor?.id ?? customer.doctorId;
}
