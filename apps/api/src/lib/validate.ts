import type { ValidationResult } from '@glucoguard/domain';
import { AppError, ErrorCodes } from './errors';

/** Turns a domain validator's failure into the 40000 envelope with the spec's own message. */
export function assertValid(result: ValidationResult): void {
  if (!result.ok) {
    throw new AppError(ErrorCodes.badRequest, result.message);
  }
}
