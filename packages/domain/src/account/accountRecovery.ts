import { phoneCheck } from '../shared/phone';
import { verifyCodeCheck } from './registration';
import { firstFailure } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { PHONE_EMPTY_MESSAGE, PHONE_INVALID_MESSAGE } from '../shared/labels';

/** The recovery form: the phone (手机号不能为空 / 请输入正确手机号), then the 6-digit code. */
export function validateAccountRecovery(input: {
  readonly phone?: string | null;
  readonly validCode?: string | null;
}): ValidationResult {
  return firstFailure([
    () => phoneCheck('phone', input.phone, PHONE_EMPTY_MESSAGE, PHONE_INVALID_MESSAGE),
    () => verifyCodeCheck(input.validCode),
  ]);
}

/**
 * A person's name as shown to someone who may not be that person: the first and last characters
 * kept and the rest starred (张建国 → 张*国, 欧阳建国 → 欧**国), two characters → 张*, one → *.
 */
export function maskPersonName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) {
    return chars.length === 0 ? '' : '*';
  }
  if (chars.length === 2) {
    return `${chars[0] ?? ''}*`;
  }
  return `${chars[0] ?? ''}${'*'.repeat(chars.length - 2)}${chars.at(-1) ?? ''}`;
}
