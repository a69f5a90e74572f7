import type { Db } from '../../../lib/db';
import {
  emojiCheck,
  firstFailure,
  normalizeAvatarUrl,
  validateAvatarUrl,
  validatePhoneChange,
  validateProfileEdit,
  VERIFY_CODE_LENGTH,
} from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import type { BodyOf } from '../../../lib/contract';
import { registeredCustomerId, type SessionContext } from '../../../lib/session-context';
import { verifyCode, type SmsCodeDeps } from '../sms/smsCode.service';
import { applyInviteCode, saveCustomerWithInvitation } from './inviteCode';
import { CustomerRepository } from './customer.repository';
import type { Customer } from './customer.entity';

/** Profile changes need a registered customer; visitors register first. */
export async function registeredCustomer(em: Db, session: SessionContext): Promise<Customer> {
  return new CustomerRepository(em).get(registeredCustomerId(session));
}

/** The profile fields a customer may change (openapi.yaml editCustomer). */
export type ProfileEdit = BodyOf<'editCustomer'>;

/** Edits the caller's own profile (spec: /customer/v1/edit; also registration step 2). */
export async function editProfile(
  em: Db,
  session: SessionContext,
  input: ProfileEdit,
  now: Date,
  secret: string,
): Promise<Customer> {
  const customer = await registeredCustomer(em, session);
  assertValid(
    firstFailure([
      () => emojiCheck('nickname', input.nickname),
      // The shared profile fields, with the limits registration and the health record use.
      () => {
        const fields = validateProfileEdit(input, now);
        return fields.ok ? undefined : fields;
      },
      () => validateAvatarUrl(input.headimgurl),
    ]),
  );
  const { inviteCode, height, weight, nickname, address, headimgurl, ...rest } = input;
  Object.assign(customer, rest);
  if (headimgurl !== undefined) {
    customer.headimgurl = normalizeAvatarUrl(headimgurl) ?? '';
  }
  if (nickname !== undefined) {
    customer.nickname = nickname.trim();
  }
  if (address !== undefined) {
    customer.address = address?.trim() ?? null;
  }
  if (height !== undefined) {
    customer.heightCm = height;
  }
  if (weight !== undefined) {
    customer.weightKg = weight;
  }
  const invitation = inviteCode ? await applyInviteCode(em, customer, inviteCode, { now, secret }) : null;
  await saveCustomerWithInvitation(em, invitation);
  return customer;
}

/** Changes the phone number with a fresh code sent to the new number (spec: updatePhone). */
export async function updatePhone(
  em: Db,
  sms: Pick<SmsCodeDeps, 'secret'>,
  session: SessionContext,
  input: BodyOf<'updatePhone'>,
  now: Date,
) {
  assertValid(validatePhoneChange(input));
  if (input.validCode.length !== VERIFY_CODE_LENGTH) {
    throw new AppError(90001, '请输入正确的验证码');
  }
  const customer = await registeredCustomer(em, session);
  if (customer.phone === input.phone) {
    throw new AppError(ErrorCodes.badRequest, '新手机号与当前手机号相同');
  }
  await verifyCode(em, sms, { phone: input.phone, purpose: 'updatePhone', code: input.validCode, now, consume: true });
  const owner = await new CustomerRepository(em).findByPhone(input.phone);
  if (owner) {
    throw new AppError(ErrorCodes.conflict, '该手机号已被其他账号使用', 409);
  }
  customer.phone = input.phone;
  await new CustomerRepository(em).save();
  return customer;
}

/** The two notice switches of the settings page (spec: getMsgSetting / updateMsgSetting). */
export function messageSettings(customer: Customer) {
  return {
    category: 'wechatMsg' as const,
    code: 'sugarTest' as const,
    isReceive: customer.msgReceive ? (1 as const) : (0 as const),
    isNoTestReceive: customer.msgNoTestReceive ? (1 as const) : (0 as const),
  };
}

/** Turns the two notice switches on or off (spec: updateMsgSetting); an absent one stays as it is. */
export async function updateMessageSettings(
  db: Db,
  session: SessionContext,
  input: BodyOf<'updateMsgSetting'>,
): Promise<Customer> {
  const customer = await registeredCustomer(db, session);
  if (input.isReceive !== undefined) {
    customer.msgReceive = input.isReceive === 1;
  }
  if (input.isNoTestReceive !== undefined) {
    customer.msgNoTestReceive = input.isNoTestReceive === 1;
  }
  await new CustomerRepository(db).save();
  return customer;
}
