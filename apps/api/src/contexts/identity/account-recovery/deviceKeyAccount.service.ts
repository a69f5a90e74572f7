import type { Db } from '../../../lib/db';
import { maskPersonName } from '@glucoguard/domain';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { Providers } from '../../../providers/providers';
import { IdentityError } from '../../../providers/wechat/identity';
import { CustomerRepository } from '../customer/customer.repository';
import { takeRateLimit } from '../../platform';

const PREVIEW_LIMIT = [{ max: 30, windowMs: 10 * 60 * 1000, message: '查询过于频繁，请稍后再试' }];

/**
 * The account behind a device key, named only as 张*国 (spec: none; issue 15 B): what the web app
 * shows before a `?deviceKey=` link may switch a browser that has its own key. The key is the local
 * provider's login code, so whoever has it can sign in as that account anyway; this tells less than
 * that, creates nothing and signs nobody in.
 */
export async function deviceKeyAccount(em: Db, providers: Providers, deviceKey: string, ip: string) {
  if (providers.identity.name !== 'local') {
    throw notFound('接口不存在：POST /api/login/v1/deviceKeyAccount');
  }
  await takeRateLimit(em, 'deviceKeyPreview', ip, PREVIEW_LIMIT, providers.clock());
  let openid: string;
  try {
    ({ openid } = await providers.identity.exchangeCode(deviceKey));
  } catch (error) {
    if (error instanceof IdentityError) {
      throw new AppError(ErrorCodes.badRequest, '登录信息格式不正确');
    }
    throw error;
  }
  const customer = await new CustomerRepository(em).findByOpenid(openid);
  const registered = customer !== null && customer.registeredAt !== null;
  return { exists: customer !== null, registered, maskedName: registered ? maskPersonName(customer.nickname) : null };
}
