import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_COUNTDOWN_SECONDS, VERIFY_CODE_LENGTH, startOfChinaDay, validatePhone } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { withSubjectLock, type Db } from '../../../lib/db';
import { SmsError, type SmsSender } from '../../../providers/sms/sms';
import { SmsCodeRepository, type SmsPurpose } from './smsCode.repository';

/** Server-side policy of verification codes (the 6 digits and the 120 s come from the domain). */
export const SMS_POLICY = {
  validForMs: 5 * 60 * 1000,
  maxFailedAttempts: 5,
  resendAfterMs: CODE_COUNTDOWN_SECONDS * 1000,
  perPhonePerDay: 10,
  perAddressPerDay: 30,
} as const;

export type { SmsPurpose } from './smsCode.repository';

export const SMS_MESSAGES = {
  wrongCode: '请输入正确的验证码',
  expired: '验证码已失效，请重新获取',
  tooSoon: (seconds: number) => `验证码已发送，请${seconds}秒后再试`,
  phoneDailyCap: '该手机号今日获取验证码次数已达上限，请明天再试',
  addressDailyCap: '当前网络获取验证码次数过多，请明天再试',
  sendFailed: '短信发送失败，请稍后再试',
} as const;

export interface SmsCodeDeps {
  sender: SmsSender;
  /** Keys the code hashes, so a copy of the table cannot be checked offline against 10^6 codes. */
  secret: string;
}

function hashCode(secret: string, phone: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');
}

/**
 * Creates and sends a code. At most one per phone every 120 s, and daily caps per phone and per
 * client address (China days), counted under a per-phone lock so two taps cannot both pass.
 */
export async function requestCode(
  em: Db,
  deps: SmsCodeDeps,
  input: { phone: string; purpose: SmsPurpose; clientIp: string; now: Date },
): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
  const check = validatePhone(input.phone);
  if (!check.ok) {
    throw new AppError(ErrorCodes.badRequest, check.message);
  }
  const { phone, purpose, clientIp, now } = input;
  const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
  const row = await withSubjectLock(em, `sms:${phone}`, async (tx) => {
    const codes = new SmsCodeRepository(tx);
    const last = await codes.lastSentTo(phone);
    if (last && now.getTime() - last.createdAt.getTime() < SMS_POLICY.resendAfterMs) {
      const wait = Math.ceil((SMS_POLICY.resendAfterMs - (now.getTime() - last.createdAt.getTime())) / 1000);
      throw new AppError(ErrorCodes.tooManyRequests, SMS_MESSAGES.tooSoon(wait), 429);
    }
    const dayStart = startOfChinaDay(now);
    if ((await codes.countSentToPhoneSince(phone, dayStart)) >= SMS_POLICY.perPhonePerDay) {
      throw new AppError(ErrorCodes.tooManyRequests, SMS_MESSAGES.phoneDailyCap, 429);
    }
    if ((await codes.countSentForAddressSince(clientIp, dayStart)) >= SMS_POLICY.perAddressPerDay) {
      throw new AppError(ErrorCodes.tooManyRequests, SMS_MESSAGES.addressDailyCap, 429);
    }
    // A new code replaces any earlier one for the same use.
    await codes.voidOpen(phone, purpose, now);
    return codes.add({
      phone,
      purpose,
      codeHash: hashCode(deps.secret, phone, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_POLICY.validForMs),
      clientIp,
    });
  });
  try {
    await deps.sender.sendCode(phone, code);
  } catch (error) {
    // The row stays (voided) so failed sends still count against the limits.
    await new SmsCodeRepository(em).void(row.id, new Date());
    if (error instanceof SmsError) {
      throw new AppError(ErrorCodes.unavailable, SMS_MESSAGES.sendFailed, 503);
    }
    throw error;
  }
  return { resendAfterSeconds: CODE_COUNTDOWN_SECONDS, expiresInSeconds: SMS_POLICY.validForMs / 1000 };
}

/**
 * Checks a code; with `consume` it is accepted once. A wrong code counts a try, and the fifth
 * wrong try voids the code. Every failure is the spec's code 90001.
 */
export async function verifyCode(
  em: Db,
  deps: Pick<SmsCodeDeps, 'secret'>,
  input: { phone: string; purpose: SmsPurpose; code: string; now: Date; consume: boolean },
): Promise<void> {
  const { phone, purpose, code, now } = input;
  await withSubjectLock(em, `sms:${phone}`, async (tx) => {
    const codes = new SmsCodeRepository(tx);
    const row = await codes.latestOpen(phone, purpose);
    if (!row || row.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(90001, SMS_MESSAGES.expired);
    }
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(hashCode(deps.secret, phone, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      row.failedAttempts += 1;
      if (row.failedAttempts >= SMS_POLICY.maxFailedAttempts) {
        row.voidedAt = now;
      }
      await codes.save();
      // Thrown after the flush, and the transaction commits because the error is raised outside it.
      return 'wrong' as const;
    }
    if (input.consume) {
      row.consumedAt = now;
      await codes.save();
    }
    return 'ok' as const;
  }).then((outcome) => {
    if (outcome === 'wrong') {
      throw new AppError(90001, SMS_MESSAGES.wrongCode);
    }
  });
}
