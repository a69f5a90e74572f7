import type { Db } from '../../../lib/db';
import type { BodyOf } from '../../../lib/contract';
import {
  INVITE_CODE_LENGTH,
  brandFeatures,
  brandFromSourceId,
  emojiCheck,
  firstFailure,
  PLAUSIBLE_DATE_MESSAGES,
  normalizeAvatarUrl,
  validateAvatarUrl,
  validateRegistrationStep1,
  validateRegistrationStep2,
} from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import type { AppConfig } from '../../../config';
import type { SessionContext } from '../../../lib/session-context';
import { CustomerRepository } from '../customer/customer.repository';
import type { Customer } from '../customer/customer.entity';
import { verifyCode, type SmsCodeDeps } from '../sms/smsCode.service';
import { applyInviteCode, saveCustomerWithInvitation } from '../customer/inviteCode';
import { LEGAL_TEXTS_VERSION } from '../../platform';

export const REGISTRATION_ERRORS = {
  otherPhone: '该微信号已经绑定手机号码，与当前手机号码不一致,登陆失败',
  alreadyBound: '该微信号已绑定该手机号，正在为您重新登录',
  alreadyRegistered: '您已注册',
  phoneTaken: '该手机号已被其他微信号绑定',
  birthday: PLAUSIBLE_DATE_MESSAGES.birthday,
} as const;

/** Which registration form a brand shows, and its brand-dependent parts. */
export function registrationConfig(config: AppConfig, sourceId: number) {
  const brand = brandFromSourceId(sourceId);
  const features = brandFeatures(sourceId);
  return {
    variant: config.registerVariant[brand],
    showInviteCode: features.showInviteCode,
    showSkip: features.showSkip,
  };
}

/** Whether an invite code belongs to a doctor or to another customer (spec: checkInvitation). */
export async function checkInvitation(em: Db, session: SessionContext, code: string): Promise<0 | 1> {
  if (code.length !== INVITE_CODE_LENGTH) {
    return 0;
  }
  const repo = new CustomerRepository(em);
  const normalised = code.toUpperCase();
  if (await repo.findDoctorByInviteCode(normalised)) {
    return 1;
  }
  const inviter = await repo.findByInviteCode(normalised);
  return inviter && inviter.id !== session.customerId ? 1 : 0;
}

/** What every registration sends: the bind and skip bodies (openapi.yaml registerBind, registerSkip). */
type Binding = BodyOf<'registerBind'>;

/**
 * The common core of every registration: the spec's 10000/10001/90000 answers for an account
 * that is already registered, the code check, and the phone's uniqueness.
 */
async function bindPhone(
  em: Db,
  sms: Pick<SmsCodeDeps, 'secret'>,
  session: SessionContext,
  input: Binding,
  now: Date,
  alreadyCode: 'bind' | 'register',
): Promise<Customer> {
  if (input.openid !== undefined && input.openid !== session.openid) {
    throw new AppError(ErrorCodes.forbidden, '登录信息不一致，请重新进入', 403);
  }
  const repo = new CustomerRepository(em);
  const customer = await repo.get(session.customerId);
  if (customer.registeredAt !== null) {
    if (alreadyCode === 'register') {
      throw new AppError(90000, REGISTRATION_ERRORS.alreadyRegistered);
    }
    throw customer.phone === input.phone
      ? new AppError(10001, REGISTRATION_ERRORS.alreadyBound)
      : new AppError(10000, REGISTRATION_ERRORS.otherPhone);
  }
  const code = { phone: input.phone, purpose: 'register' as const, code: input.validCode, now };
  await verifyCode(em, sms, { ...code, consume: false });
  const owner = await repo.findByPhone(input.phone);
  if (owner && owner.id !== customer.id) {
    // The code stays good: the answer offers to get that account back with it (account-recovery).
    throw new AppError(ErrorCodes.conflict, REGISTRATION_ERRORS.phoneTaken, 409);
  }
  await verifyCode(em, sms, { ...code, consume: true });
  customer.phone = input.phone;
  customer.nickname = input.nickname.trim();
  customer.registeredAt = now;
  // Registering needs the consent box ticked (the web app's Next does nothing without it): the
  // texts consented to are the ones served now (docs/adr/0105-legal-texts-served-by-the-api.md).
  customer.legalVersion = LEGAL_TEXTS_VERSION;
  customer.thirdAuthCode = 1;
  return customer;
}

/** Variant B step 1 and the variant A skip: name, phone and code (spec: bind / skip payloads). */
export async function bind(
  em: Db,
  sms: Pick<SmsCodeDeps, 'secret'>,
  session: SessionContext,
  input: Binding & { headimgurl?: string },
  now: Date,
  mode: 'bind' | 'skip',
) {
  assertValid(validateRegistrationStep1(input));
  assertValid(firstFailure([() => emojiCheck('nickname', input.nickname), () => validateAvatarUrl(input.headimgurl)]));
  const customer = await bindPhone(em, sms, session, input, now, mode === 'skip' ? 'register' : 'bind');
  if (input.headimgurl) {
    customer.headimgurl = normalizeAvatarUrl(input.headimgurl) ?? '';
  }
  await new CustomerRepository(em).save();
  return customer.id;
}

/** The one-page registration (openapi.yaml registerFull). */
export type FullRegistration = BodyOf<'registerFull'>;

/** Variant A: the whole form at once (spec 1 §2.5, §3 registration payload). */
export async function registerFull(
  em: Db,
  sms: Pick<SmsCodeDeps, 'secret'>,
  session: SessionContext,
  config: AppConfig,
  input: FullRegistration,
  now: Date,
) {
  const requireInviteCode = registrationConfig(config, input.sourceId ?? 4).showInviteCode;
  const inviteChecked = input.inviteCode ? await checkInvitation(em, session, input.inviteCode) : 0;
  assertValid(validateRegistrationStep1(input));
  assertValid(validateRegistrationStep2({ ...input, inviteChecked }, { requireInviteCode, now }));
  assertValid(
    firstFailure([
      () => emojiCheck('nickname', input.nickname),
      () => emojiCheck('address', input.address),
      () => validateAvatarUrl(input.headimgurl),
    ]),
  );
  const customer = await bindPhone(em, sms, session, input, now, 'register');
  Object.assign(customer, {
    sex: input.sex,
    birthday: input.birthday,
    diabetesType: input.diabetesType ?? null,
    bloodPressureType: input.bloodPressureType ?? null,
    province: input.province ?? null,
    city: input.city ?? null,
    district: input.district ?? null,
    address: input.address?.trim() ?? null,
    roleType: input.roleType ?? 1,
  });
  if (input.headimgurl) {
    customer.headimgurl = normalizeAvatarUrl(input.headimgurl) ?? '';
  }
  const invitation = input.inviteCode
    ? await applyInviteCode(em, customer, input.inviteCode, { now, secret: sms.secret })
    : null;
  await saveCustomerWithInvitation(em, invitation);
  return customer.id;
}

/** The invite code of the doctor a patient scanned in (spec: doctor by openid). */
export async function doctorInviteCode(em: Db, openid: string): Promise<string | null> {
  const doctor = await new CustomerRepository(em).findDoctorByOpenid(openid);
  return doctor?.inviteCode ?? null;
}
