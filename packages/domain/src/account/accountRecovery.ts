import { PHONE_EMPTY_MESSAGE, PHONE_INVALID_MESSAGE, phoneCheck } from '../shared/phone';
import { verifyCodeCheck } from './registration';
import { firstFailure } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';

/**
 * Getting an account back on a new phone, browser or messaging-app account (issue 15 D): a code
 * sent to the account's phone moves the account to the new sign-in and signs the old one out.
 * The texts say plainly what happens; most users are over 60.
 */
export const ACCOUNT_RECOVERY_MESSAGES = {
  /** The registration answer that offers recovery (spec 1 §2.5's message). */
  phoneTaken: '该手机号已被其他微信号绑定',
  offerText: '如果这是您本人的手机号，可以用短信验证码把原来的账号转到这里继续使用。',
  offerConfirm: '找回我的账号',
  offerCancel: '暂不找回',
  pageTitle: '找回账号',
  whatHappens: [
    '原来的血糖、血压等记录、积分和亲友都会保留。',
    '以后用现在这部手机（或这个微信）登录这个账号。',
    '原来登录这个账号的手机或微信会退出登录。',
  ],
  submit: '确认找回',
  recovered: '账号已找回',
  /** The caller already has a phone of its own: moving another account onto it would orphan it. */
  callerRegistered: '当前账号已绑定手机号，不能再找回其他账号',
  /** Nobody registered this phone: there is nothing to get back. */
  notRegistered: '该手机号还没有注册，请直接注册',
  tooManyAttempts: '找回账号的次数过多，请明天再试',
  movedTooOften: '该账号今天已多次更换登录设备，请明天再试',
} as const;

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
